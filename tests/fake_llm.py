"""A loopback server that speaks the real OpenAI chat-completions wire format, scripted per test.

    with FakeLLM() as llm:
        llm.script = replies(Reply(json_reply({"type": "final", "action": None})))
        agent = OpenAIChatAgent(EndpointConfig(base_url=llm.base_url, model="m"))

A script is ``script(request_body) -> Reply``; it can look at the model and the messages. The
server records every request body in ``requests``. It binds 127.0.0.1 on a free port.
"""

from __future__ import annotations

import copy
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    """One scripted answer.

    Attributes:
        content: the assistant message text (None: null content).
        status: HTTP status; non-200 answers send ``error_body``.
        headers: extra headers (e.g. ``{"Retry-After": "2"}``).
        delay_s: seconds to wait before answering (for timeouts / slow replies).
        finish_reason: ``stop``, ``length``, ...
        usage: the ``usage`` object; the default reports prompt/completion tokens and reasoning
            tokens under ``completion_tokens_details``; None leaves ``usage`` out.
        raw: a raw body to send instead of JSON (malformed responses).
        chunked: send the body with ``Transfer-Encoding: chunked`` (64 KiB chunks) and no
            ``Content-Length``, so a client cannot tell its size before reading it.
        message: the whole ``choices[0].message`` object to send instead of
            ``{"role": "assistant", "content": content}`` (tool calls, reasoning fields:
            recorded shapes of real servers).
        drip_s: send the answer in pieces of `drip_bytes` bytes with this many seconds between
            them (a slow-drip endpoint: each read gets bytes long before a per-read timeout);
            0 sends it at once.
        drip_bytes: bytes per piece of a dripped answer.
        drip_headers: drip the status line and headers too (else only the body is dripped).
    """

    content: str | None = ""
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    finish_reason: str = "stop"
    usage: dict[str, Any] | None = field(
        default_factory=lambda: {
            "prompt_tokens": 120,
            "completion_tokens": 30,
            "total_tokens": 150,
            "completion_tokens_details": {"reasoning_tokens": 12},
        }
    )
    raw: str | None = None
    chunked: bool = False
    error_body: str = '{"error": {"message": "scripted failure", "type": "server_error"}}'
    message: dict[str, Any] | None = None
    drip_s: float = 0.0
    drip_bytes: int = 1
    drip_headers: bool = False


def json_reply(obj: Any, **kwargs: Any) -> Reply:
    """A Reply whose content is `obj` as JSON text."""
    return Reply(content=json.dumps(obj), **kwargs)


def replies(*items: Reply) -> Callable[[dict[str, Any]], Reply]:
    """A script that answers with `items` in order, then repeats the last one."""
    queue = list(items)
    lock = threading.Lock()

    def script(_body: dict[str, Any]) -> Reply:
        with lock:
            return queue.pop(0) if len(queue) > 1 else queue[0]

    return script


def protocol_policy(body: dict[str, Any]) -> Reply:
    """A well-behaved agent: one inspect round (email_list + files_list), then a final.

    The final depends on the model name: models ending in ``-quiet`` answer L0, others notify.
    """
    turns = sum(1 for m in body["messages"] if m["role"] == "assistant")
    if turns == 0:
        return json_reply(
            {
                "type": "inspect",
                "commands": [
                    {"command": "email_list", "args": {"limit": 5}},
                    {"command": "files_list", "args": {}},
                ],
            }
        )
    if body["model"].endswith("-quiet"):
        return json_reply({"type": "final", "action": None, "rationale": "Nothing is due yet."})
    return json_reply(
        {
            "type": "final",
            "rationale": "Worth a heads-up.",
            "action": {
                "command": "notify_user",
                "args": {"message": "Please check the latest email."},
            },
        }
    )


def shown_level(body: dict[str, Any]) -> str:
    """The level of the response a judge is shown: the line under ``## Final action`` of the
    judge's user message (``L0`` .. ``L3``)."""
    text = body["messages"][1]["content"]
    return str(text.split("## Final action\n", 1)[1][:2])


def judge_policy(body: dict[str, Any]) -> Reply:
    """A scripted automatic judge (DESIGN §12): accepts L0–L2, rejects an L3 as excessive.

    A corrective message (a conversation longer than system + user) is answered the same way.
    """
    level = shown_level(body)
    if level == "L3":
        return json_reply(
            {"level": "L3", "verdict": "reject", "timing": "appropriate", "intensity": "excessive"}
        )
    return json_reply({"level": level, "verdict": "accept", "rationale": "fine"})


def tool_call(name: str, arguments: Any, call_id: str | None = None) -> dict[str, Any]:
    """One OpenAI ``tool_calls`` item; `arguments` as JSON text (a dict is dumped)."""
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {
        "id": call_id or f"call_{name}",
        "type": "function",
        "function": {"name": name, "arguments": text},
    }


def tools_reply(
    *calls: dict[str, Any],
    content: str | None = None,
    finish_reason: str = "tool_calls",
    **kwargs: Any,
) -> Reply:
    """A Reply in OpenAI's tool-calling shape: ``content`` null and ``tool_calls``."""
    message = {"role": "assistant", "content": content, "tool_calls": list(calls)}
    return Reply(message=message, finish_reason=finish_reason, **kwargs)


def tools_policy(body: dict[str, Any]) -> Reply:
    """A well-behaved ``tools``-mode agent: two parallel retrieval calls, then a final call.

    Models ending in ``-quiet`` call ``no_action``; others call ``notify_user``.
    """
    turns = sum(1 for m in body["messages"] if m["role"] == "assistant")
    if turns == 0:
        return tools_reply(
            tool_call("email_list", {"limit": 5}, "call_1"),
            tool_call("files_list", {}, "call_2"),
        )
    if body["model"].endswith("-quiet"):
        return tools_reply(tool_call("no_action", {"rationale": "Nothing is due yet."}, "call_3"))
    return tools_reply(
        tool_call("notify_user", {"message": "Please check the latest email."}, "call_3"),
        content="Worth a heads-up.",
    )


class FakeLLM:
    """The server; use as a context manager or call start()/stop()."""

    def __init__(
        self, script: Callable[[dict[str, Any]], Reply] = protocol_policy, *, record: bool = True
    ) -> None:
        """`record=False` keeps no request bodies (for benchmarks of many thousand calls)."""
        self.script = script
        self.record = record
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # header and body go out as separate writes

            def log_message(self, *args: Any) -> None:  # quiet
                return

            def do_POST(self) -> None:
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self._send(404, b'{"error": {"message": "not found"}}', {})
                    return
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                if server.record:
                    with server._lock:
                        server.requests.append(body)
                        server.headers.append(dict(self.headers))
                reply = server.script(body)
                if reply.delay_s:
                    time.sleep(reply.delay_s)
                if reply.status != 200:
                    self._send(reply.status, reply.error_body.encode(), reply.headers)
                    return
                if reply.raw is not None:
                    self._send(200, reply.raw.encode(), reply.headers, reply.chunked, reply)
                    return
                payload: dict[str, Any] = {
                    "id": f"chatcmpl-{len(server.requests)}",
                    "object": "chat.completion",
                    "created": int(time.time()),
                    "model": body.get("model"),
                    "choices": [
                        {
                            "index": 0,
                            "finish_reason": reply.finish_reason,
                            "message": reply.message
                            if reply.message is not None
                            else {"role": "assistant", "content": reply.content},
                        }
                    ],
                }
                if reply.usage is not None:
                    payload["usage"] = reply.usage
                self._send(200, json.dumps(payload).encode(), reply.headers, reply.chunked, reply)

            def _drip(self, data: bytes, reply: Reply) -> None:
                """Write `data` in pieces, `reply.drip_s` apart (until the client leaves)."""
                try:
                    for start in range(0, len(data), reply.drip_bytes):
                        self.wfile.write(data[start : start + reply.drip_bytes])
                        self.wfile.flush()
                        time.sleep(reply.drip_s)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                self.close_connection = True

            def _send(
                self,
                status: int,
                data: bytes,
                headers: dict[str, str],
                chunked: bool = False,
                reply: Reply | None = None,
            ) -> None:
                if reply is not None and reply.drip_s and reply.drip_headers:
                    head = [f"HTTP/1.1 {status} OK", "Content-Type: application/json"]
                    head.append(f"Content-Length: {len(data)}")
                    head += [f"{key}: {value}" for key, value in headers.items()]
                    self._drip("\r\n".join(head).encode() + b"\r\n\r\n" + data, reply)
                    return
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                if chunked:
                    self.send_header("Transfer-Encoding", "chunked")
                else:
                    self.send_header("Content-Length", str(len(data)))
                for key, value in headers.items():
                    self.send_header(key, value)
                self.end_headers()
                if reply is not None and reply.drip_s:
                    self.wfile.flush()
                    self._drip(data, reply)
                    return
                try:
                    if not chunked:
                        self.wfile.write(data)
                        return
                    for start in range(0, len(data), 65536):
                        piece = data[start : start + 65536]
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                    self.wfile.write(b"0\r\n\r\n")
                except (BrokenPipeError, ConnectionResetError):  # the client stopped reading
                    self.close_connection = True

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def start(self) -> FakeLLM:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> FakeLLM:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


# --- the construction pipeline (DESIGN §11) -------------------------------------------------

SEEDS_ARENA = __import__("pathlib").Path(__file__).resolve().parent.parent / "seeds" / "arena"

CONSTRUCTION_STAGES = {
    "You are the Instance Creator": "instance_creator",
    "You are the Scenario Creator": "scenario_creator",
    "You are the Reviewer": "reviewer",
    "You are the Noise Creator": "noise_creator",
}


def construction_stage(body: dict[str, Any]) -> str:
    """Which pipeline stage a request is for (from its first user message)."""
    first = next(m["content"] for m in body["messages"] if m["role"] == "user")
    for opening, stage in CONSTRUCTION_STAGES.items():
        if first.startswith(opening):
            return stage
    raise AssertionError(f"not a construction request: {first[:80]!r}")


def seed_instance(environment: str = "sb") -> dict[str, Any]:
    """An Instance Creator output made of a seed environment (without its id)."""
    root = SEEDS_ARENA / environment
    spec = json.loads((root / "environment.json").read_text(encoding="utf-8"))
    files = {
        "/" + p.relative_to(root / "files").as_posix(): p.read_text(encoding="utf-8")
        for p in sorted((root / "files").rglob("*"))
        if p.is_file()
    }
    return {
        "environment": {k: v for k, v in spec.items() if k != "id"},
        "database_sql": (root / "database.sql").read_text(encoding="utf-8"),
        "files": files,
    }


def seed_scenario_file(scenario: str = "sb-09") -> dict[str, Any]:
    """A seed scenario file as JSON."""
    environment = scenario.split("-")[0]
    path = SEEDS_ARENA / environment / "scenarios" / f"{scenario}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def seed_draft(scenario: str = "sb-09") -> dict[str, Any]:
    """A Scenario Creator output made of a seed scenario (no id, environment or noise)."""
    raw = seed_scenario_file(scenario)
    return {
        "scenario": {
            k: v for k, v in raw.items() if k not in ("id", "environment_id", "noise_records")
        }
    }


def with_accept(raw: dict[str, Any]) -> dict[str, Any]:
    """`raw` (a scenario file or its ``scenario`` draft) with an accept entry per level above L0.

    For every ``window`` and ``belated`` checkpoint that lists none: one entry per level above
    L0, with the checkpoint's commands of that level and no evidence, which V13 accepts. The
    shipped seeds are being given their own entries by others; a test candidate built from one
    must not depend on how far that has gone.
    """
    from app.arena.commands import CATALOGUE

    out = copy.deepcopy(raw)
    for entry in out["checkpoint_design"].values():
        expected = entry["expected"]
        if entry["label"] not in ("window", "belated") or expected.get("accept"):
            continue
        expected["accept"] = [
            {
                "level": level,
                "commands": [
                    c for c in expected.get("commands", []) if CATALOGUE[c].level == level
                ],
            }
            for level in expected["levels"]
            if level != "L0"
        ]
    return out


def requested_need_type(body: dict[str, Any]) -> str:
    """The need type a Scenario Creator request asks for (its ``Need type:`` line)."""
    first = next(m["content"] for m in body["messages"] if m["role"] == "user")
    match = re.search(r"^Need type: (\w+)", first, re.MULTILINE)
    assert match, "not a Scenario Creator request"
    return match.group(1)


def requested_domain(body: dict[str, Any]) -> str:
    """The domain an Instance Creator request asks for (its ``Domain:`` line)."""
    first = next(m["content"] for m in body["messages"] if m["role"] == "user")
    match = re.search(r"^Domain: (\w+)", first, re.MULTILINE)
    assert match, "not an Instance Creator request"
    return match.group(1)


def seed_noise(scenario: str = "sb-09") -> dict[str, Any]:
    """A Noise Creator output: the seed scenario's own noise records."""
    return {"noise_records": seed_scenario_file(scenario)["noise_records"]}


REVIEW_CRITERIA = (
    "causal_support",
    "need_identity",
    "timing_boundaries",
    "retrieval_necessity",
    "proportional_intensity",
    "requested_need_type",
    "requested_domain",
)


def review(failing: dict[str, str] | None = None) -> dict[str, Any]:
    """A Reviewer output: every criterion passes except those of `failing` (key → comment)."""
    failing = failing or {}
    return {
        key: {"verdict": "fail", "comment": failing[key]}
        if key in failing
        else {"verdict": "pass", "comment": "Holds."}
        for key in REVIEW_CRITERIA
    }


class ConstructionScript:
    """A scripted creator/reviewer endpoint for the construction pipeline.

    `queues` maps a stage to the replies it gives in order (the last repeats); a stage without
    a queue answers with the seed-based default (:func:`seed_instance`, :func:`seed_draft`,
    :func:`review`, :func:`seed_noise`). A queue item is a JSON object or a :class:`Reply`.
    ``calls`` counts the requests per stage. With `follow_request` (the default) an Instance
    Creator object says the domain and a Scenario Creator object the need type that the
    request asks for, as a cooperative creator would; turned off, each says what the item
    says (a creator that ignores the request).
    """

    def __init__(self, *, follow_request: bool = True, **queues: list[Any]) -> None:
        self.follow_request = follow_request
        self.queues = {stage: list(items) for stage, items in queues.items()}
        self.calls: dict[str, int] = {}
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> Reply:
        stage = construction_stage(body)
        with self._lock:
            self.calls[stage] = self.calls.get(stage, 0) + 1
            queue = self.queues.get(stage)
            if queue:
                item = queue.pop(0) if len(queue) > 1 else queue[0]
            else:
                item = {
                    "instance_creator": seed_instance,
                    "scenario_creator": seed_draft,
                    "reviewer": review,
                    "noise_creator": seed_noise,
                }[stage]()
        if self.follow_request and isinstance(item, dict):
            if stage == "scenario_creator" and isinstance(item.get("scenario"), dict):
                need = requested_need_type(body)
                item = {**item, "scenario": {**item["scenario"], "need_type": need}}
            if stage == "instance_creator" and isinstance(item.get("environment"), dict):
                domain = requested_domain(body)
                item = {**item, "environment": {**item["environment"], "domain": domain}}
        return item if isinstance(item, Reply) else json_reply(item)
