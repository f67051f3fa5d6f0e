"""Scenario import (seed), the runtime loader of S0 images, and checkpoint sampling."""
