"""SQLModel tables, one module per domain. Importing this package registers them all (Alembic)."""

from app.models.annotation import Annotation, AnnotationDraft, AnnotationRevision, Assignment
from app.models.arena import Checkpoint, Environment, Scenario
from app.models.audit import AuditDecision, AuditVote
from app.models.batches import Batch
from app.models.construction import CandidateRevision, GenerationCandidate, GenerationJob
from app.models.export import ExportJob
from app.models.judges import JudgePrediction, JudgeRun
from app.models.metrics import JudgedLabelMark, KeptCell
from app.models.runs import Agent, Response, Run
from app.models.users import User

__all__ = [
    "Agent",
    "Annotation",
    "AnnotationDraft",
    "AnnotationRevision",
    "Assignment",
    "AuditDecision",
    "AuditVote",
    "Batch",
    "CandidateRevision",
    "Checkpoint",
    "Environment",
    "ExportJob",
    "GenerationCandidate",
    "GenerationJob",
    "JudgePrediction",
    "JudgeRun",
    "JudgedLabelMark",
    "KeptCell",
    "Response",
    "Run",
    "Scenario",
    "User",
]
