// HALO workbench page behaviour. Keyboard-first: any element with data-key="x" is activated by
// pressing x (outside text fields); "ctrl+Enter" submits; Escape leaves a text field so the keys
// work again. The diagnosis form shows and hides its conditional fields from a visibility table
// the server computes from the DESIGN §7 rules, so hidden answers are kept in the page (and
// disabled, so they are not submitted). A form with data-confirm="question" asks before it is
// sent (deactivate, reset a password, release, move a scenario).
(function () {
  "use strict";

  function isTyping(target) {
    if (!target) return false;
    var tag = target.tagName;
    return tag === "TEXTAREA" || tag === "SELECT" ||
      (tag === "INPUT" && !["radio", "checkbox", "button", "submit"].includes(target.type)) ||
      target.isContentEditable;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form && form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  document.addEventListener("keydown", function (event) {
    var key = event.key;
    if (key === "Escape" && isTyping(event.target)) {
      event.target.blur();  // back to the keys; the text stays
      return;
    }
    if (event.ctrlKey && key === "Enter") {
      var submit = document.querySelector('[data-key="ctrl+Enter"]');
      if (submit) { event.preventDefault(); submit.click(); }
      return;
    }
    if (key === "Enter" && event.target && event.target.tagName === "INPUT" &&
        ["radio", "checkbox"].includes(event.target.type)) {
      event.preventDefault();  // Enter on a choice must not submit the diagnosis by accident
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    var selector = '[data-key="' + (key.length === 1 ? key.toLowerCase() : key).replace(/"/g, "") + '"]';
    var element = document.querySelector(selector);
    if (!element || element.disabled) return;
    var box = element.closest("fieldset");
    if (box && (box.disabled || box.hidden)) return;
    event.preventDefault();
    if (element.tagName === "A") { window.location.assign(element.href); return; }
    element.click();
    // a ticked other issue moves the focus to its note (the change handler): keep it there
    if (!isTyping(document.activeElement)) element.focus({ preventScroll: true });
  });

  function setupDiagnosis(form) {
    var visibility = JSON.parse(form.dataset.visibility || "{}");
    var dirty = false;
    var submitting = false;

    function checked(name) {
      var input = form.querySelector('input[name="' + name + '"]:checked');
      return input ? input.value : "";
    }

    function update() {
      var level = checked("level");
      var verdict = checked("verdict");
      var shown = visibility[level + "|" + verdict] || [];
      form.querySelectorAll("fieldset[data-field]").forEach(function (box) {
        var on = shown.includes(box.dataset.field);
        box.hidden = !on;
        box.disabled = !on;
      });
      var note = document.getElementById("inaction-note");
      if (note) note.hidden = !(verdict === "reject" && level === "L0");
      form.querySelectorAll('input[type="checkbox"][data-note]').forEach(function (box) {
        var area = document.getElementById(box.dataset.note);
        if (area) { area.hidden = !box.checked; area.disabled = !box.checked; }
      });
    }

    function reasonOf(reply, text) {
      // error pages carry their message in .error; plain-text replies are the message
      var type = reply.headers.get("content-type") || "";
      if (type.indexOf("text/html") === 0) {
        var page = new DOMParser().parseFromString(text, "text/html");
        var message = page.querySelector("p.error");
        if (message) return message.textContent.trim();
      } else if (type.indexOf("application/json") === 0) {
        try { return String(JSON.parse(text).detail); } catch (e) { /* fall through */ }
      } else if (text && text.length < 500) {
        return text.trim();
      }
      return reply.status >= 500 ? "the server failed; try again in a moment." : "the server refused it.";
    }

    var timer = null;
    var status = document.getElementById("autosave-status") || document.createElement("span");
    function autosave() {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var token = form.querySelector('input[name="csrf_token"]').value;
        fetch(form.getAttribute("action") + "/draft", {
          method: "POST", body: new FormData(form), headers: { "X-CSRF-Token": token },
          credentials: "same-origin", redirect: "manual",
        }).then(function (reply) {
          if (reply.status === 204) {
            dirty = false;  // the answers are on the server now
            status.classList.remove("bad");
            status.textContent = "Draft saved " + new Date().toLocaleTimeString();
          } else if (reply.status === 409) {  // kept, but the item has left the queue
            dirty = false;
            status.classList.add("bad");
            reply.text().then(function (text) { status.textContent = text; });
          } else if (reply.status === 0 || reply.status === 401 || reply.status === 403) {
            // a redirect to the log-in page (opaque), an ended session or an expired form
            status.classList.add("bad");
            status.textContent = "Draft NOT saved: your session may have ended. Log in again in " +
              "another tab before submitting; your answers stay on this page.";
          } else {  // refused (4xx: the reason is in the page it sent) or a server error
            status.classList.add("bad");
            reply.text().then(function (text) {
              status.textContent = "Draft NOT saved (" + reply.status + "): " + reasonOf(reply, text) +
                " Your answers stay on this page.";
            });
          }
        }).catch(function () {
          status.classList.add("bad");
          status.textContent = "Draft NOT saved: the server cannot be reached.";
        });
      }, 800);
    }

    form.addEventListener("change", function (event) {
      dirty = true;
      update();
      autosave();
      var target = event.target;
      if (target.type === "checkbox" && target.checked && target.dataset.note) {
        var area = document.getElementById(target.dataset.note);
        if (area) area.focus();
      }
    });
    form.addEventListener("input", function () { dirty = true; autosave(); });
    form.addEventListener("submit", function () { submitting = true; clearTimeout(timer); });
    window.addEventListener("beforeunload", function (event) {
      if (dirty && !submitting) { event.preventDefault(); event.returnValue = ""; }
    });
    update();
    var error = document.getElementById("form-error");
    if (error) { error.scrollIntoView({ block: "center" }); error.focus({ preventScroll: true }); }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("diagnosis-form");
    if (form) setupDiagnosis(form);
  });

  // The Other-issues legend says "required" exactly when the rules ask for an issue: the server
  // lists those answers in data-required-when, as "level|verdict|timing|intensity".
  function setupIssuesHint(form) {
    var box = form.querySelector("fieldset[data-required-when]");
    if (!box) return;
    var required = JSON.parse(box.dataset.requiredWhen || "[]");
    function value(name) {
      var input = form.querySelector('input[name="' + name + '"]:checked');
      return input ? input.value : "";
    }
    function mark() {
      var on = required.includes(["level", "verdict", "timing", "intensity"].map(value).join("|"));
      box.querySelectorAll("[data-issues-hint]").forEach(function (hint) {
        hint.hidden = (hint.dataset.issuesHint === "required") !== on;
      });
    }
    form.addEventListener("change", mark);
    mark();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("diagnosis-form");
    if (form) setupIssuesHint(form);
  });
})();
