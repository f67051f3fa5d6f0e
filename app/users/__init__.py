"""Accounts: creation, password hashing (Argon2 via pwdlib) and authentication."""
