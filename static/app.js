// HALO workbench page behaviour. Keyboard-first: any element with data-key="x" is activated by
// pressing x (outside text fields); "ctrl+Enter" submits; Escape leaves a text field so the keys
// work again. The diagnosis form shows and hides its conditional fields from a visibility table
// the server computes from the DESIGN §7 rules, so hidden answers are kept in the page (and
// disabled, so they are not submitted). A form with data-confirm="question" asks before it is
// sent (deactivate, reset a password, release, move a scenario). Skip links move the focus.
//
// The diagnosis is submitted with fetch, never by leaving the page, so nothing is lost when the
// network drops: the answers are written to localStorage first (keyed by user, item and the
// version the edit started from), a pending autosave is sent before the submit, and a submit that
// cannot reach the server (or meets a 5xx) stays on screen as "Not saved — retrying", is retried
// with backoff and on the "online" event, and is sent again when the page is opened again. A
// retry sends the same version and answers: the server treats a repeat of a save it already made
// as a no-op, so a lost reply never saves twice. A 4xx is the server's decision: its page is
// shown, as for an ordinary form. The next item opens only once the server has confirmed.
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
      event.preventDefault();  // a search box would clear itself
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
    // Enter on a focused link, button or summary activates that one, not the page's Enter key
    if (key === "Enter" && event.target && event.target.closest &&
        event.target.closest("a[href], button, summary")) return;
    var selector = '[data-key="' + (key.length === 1 ? key.toLowerCase() : key).replace(/"/g, "") + '"]';
    var element = document.querySelector(selector);
    if (!element || element.disabled) return;
    if (element.closest("form[data-sending]")) {  // a submit is on its way: answers are frozen
      event.preventDefault();
      return;
    }
    var box = element.closest("fieldset");
    if (box && (box.disabled || box.hidden)) return;
    event.preventDefault();
    if (element.tagName === "A") {
      // a skip link moves the focus to its target; an htmx link (the queue's pages) swaps a part
      if (element.classList.contains("skip-link") || element.hasAttribute("hx-get")) element.click();
      else window.location.assign(element.href);
      return;
    }
    element.click();
    // a ticked other issue moves the focus to its note (the change handler): keep it there
    if (!isTyping(document.activeElement)) element.focus({ preventScroll: true });
  });

  // A skip link (base.html) moves the keyboard focus to its target (tabindex="-1"), every time it
  // is used, not only the view: the next Tab continues from there.
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.skip-link") : null;
    var target = link && document.getElementById(link.hash.slice(1));
    if (!target) return;
    event.preventDefault();
    target.focus();
  });

  var PENDING = "halo:pending-submit:";
  var RETRY_DELAYS = [1000, 2000, 4000, 8000, 15000, 30000];  // ms; then every 30 s
  var SUBMIT_TIMEOUT = 15000;  // ms before a submit that got no reply counts as lost
  var DRAFT_TIMEOUT = 8000;    // ms a submit waits at most for the draft sent before it

  function storage() {
    try { return window.localStorage; } catch (e) { return null; }  // disabled by the browser
  }

  function timed(url, options, limit) {
    // fetch that gives up after `limit` ms (a hung connection is a lost one)
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, limit);
    options.signal = controller.signal;
    return fetch(url, options).finally(function () { clearTimeout(timer); });
  }

  function setupDiagnosis(form) {
    var visibility = JSON.parse(form.dataset.visibility || "{}");
    var dirty = false;    // answers changed since the last draft the server stored
    var changes = 0;      // counts edits, so a draft reply knows whether it is still current
    var leaving = false;  // the server confirmed the submit: the next item is opening
    var user = form.dataset.user || "";
    var item = form.dataset.item || "";
    var versionInput = form.querySelector('input[name="version"]');
    var openedInput = form.querySelector('input[name="opened_at"]');
    var submitStatus = document.getElementById("submit-status") || document.createElement("p");
    var pending = null;   // {key, record, stored} from the submit until the server confirms it
    var sending = false;
    var attempts = 0;
    var retryTimer = null;

    function checked(name) {
      var input = form.querySelector('input[name="' + name + '"]:checked');
      return input ? input.value : "";
    }

    function token() {
      return form.querySelector('input[name="csrf_token"]').value;
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

    // --- autosave of the draft -------------------------------------------------------------
    var timer = null;
    var draftChain = Promise.resolve();  // drafts go one at a time, in order
    var status = document.getElementById("autosave-status") || document.createElement("span");

    function saveDraft() {
      // send the form as the draft now; the promise settles when the server answered (or not)
      clearTimeout(timer);
      timer = null;
      var body = new FormData(form);
      var sentAt = changes;
      draftChain = draftChain.then(function () {
        return timed(form.getAttribute("action") + "/draft", {
          method: "POST", body: body, headers: { "X-CSRF-Token": token() },
          credentials: "same-origin", redirect: "manual",
        }, DRAFT_TIMEOUT).then(function (reply) {
          if (reply.status === 204) {
            if (changes === sentAt) dirty = false;  // the answers are on the server now
            status.classList.remove("bad");
            status.textContent = "Draft saved " + new Date().toLocaleTimeString();
          } else if (reply.status === 409) {  // kept, but the item has left the queue
            if (changes === sentAt) dirty = false;
            status.classList.add("bad");
            return reply.text().then(function (text) { status.textContent = text; });
          } else if (reply.status === 0 || reply.status === 401 || reply.status === 403) {
            // a redirect to the log-in page (opaque), an ended session or an expired form
            status.classList.add("bad");
            status.textContent = "Draft NOT saved: your session may have ended. Log in again in " +
              "another tab before submitting; your answers stay on this page.";
          } else {  // refused (4xx: the reason is in the page it sent) or a server error
            status.classList.add("bad");
            return reply.text().then(function (text) {
              status.textContent = "Draft NOT saved (" + reply.status + "): " + reasonOf(reply, text) +
                " Your answers stay on this page.";
            });
          }
        }).catch(function () {
          status.classList.add("bad");
          status.textContent = "Draft NOT saved: the server cannot be reached.";
        });
      });
      return draftChain;
    }

    function autosave() {
      clearTimeout(timer);
      timer = setTimeout(saveDraft, 800);
    }

    function flushDraft() {
      // a pending (debounced) or failed autosave is sent before the submit, never dropped, so
      // the server holds the latest answers even if the submit itself is refused or lost
      return dirty || timer !== null ? saveDraft() : draftChain;
    }

    // --- the submit and its offline copy ---------------------------------------------------
    function show(text, bad) {
      submitStatus.classList.toggle("bad", !!bad);
      if (submitStatus.textContent !== text) submitStatus.textContent = text;  // announce once
    }

    function readAnswers() {
      var answers = { choices: {}, issues: [], notes: {} };
      ["level", "verdict", "timing", "intensity"].forEach(function (name) {
        answers.choices[name] = checked(name);
      });
      form.querySelectorAll('input[name="other_issue"]:checked').forEach(function (box) {
        answers.issues.push(box.value);
      });
      form.querySelectorAll("textarea[name]").forEach(function (area) {
        answers.notes[area.name] = area.value;
      });
      return answers;
    }

    function writeAnswers(answers) {
      Object.keys(answers.choices || {}).forEach(function (name) {
        form.querySelectorAll('input[type="radio"][name="' + name + '"]').forEach(function (input) {
          input.checked = input.value === answers.choices[name];
        });
      });
      form.querySelectorAll('input[name="other_issue"]').forEach(function (box) {
        box.checked = (answers.issues || []).includes(box.value);
      });
      form.querySelectorAll("textarea[name]").forEach(function (area) {
        var text = (answers.notes || {})[area.name];
        if (typeof text === "string") area.value = text;
      });
      update();
    }

    function keyOf(version) {
      return PENDING + user + ":" + item + ":" + (version === "" ? "new" : version);
    }

    function remember() {
      // write-ahead: the answers are in localStorage before the submit leaves the page; an
      // edit made while the submit is pending updates them (what is on screen is what is sent)
      var version = versionInput.value;
      var record = pending && pending.record.version === version ? pending.record : {
        user: user, item: item, version: version,
        openedAt: Number(openedInput.value) || 0, at: Date.now(),
      };
      record.answers = readAnswers();
      var key = keyOf(version);
      var store = storage();
      var stored = false;
      if (store && user && item) {
        try {
          if (pending && pending.key !== key) store.removeItem(pending.key);
          store.setItem(key, JSON.stringify(record));
          stored = true;
        } catch (e) { stored = false; }  // full or refused: the answers stay on this page
      }
      pending = { key: key, record: record, stored: stored };
    }

    function keysOf(store) {
      // this user's offline copies of this item (collected first: removing shifts the indexes)
      var prefix = PENDING + user + ":" + item + ":";
      var keys = [];
      for (var index = 0; index < store.length; index++) {
        var key = store.key(index);
        if (key && key.indexOf(prefix) === 0) keys.push(key);
      }
      return keys;
    }

    function recall() {
      // this user's newest unconfirmed submit of this item (any version); older ones dropped
      var store = storage();
      if (!store || !user || !item) return null;
      var found = null;
      keysOf(store).forEach(function (key) {
        var record = null;
        try { record = JSON.parse(store.getItem(key)); } catch (e) { record = null; }
        if (!record || record.user !== user || record.item !== item || !record.answers) {
          store.removeItem(key);
        } else if (!found || record.at > found.record.at) {
          if (found) store.removeItem(found.key);
          found = { key: key, record: record, stored: true };
        } else {
          store.removeItem(key);
        }
      });
      return found;
    }

    function forget() {
      // the server decided (confirmed, or refused with its reason): drop every offline copy
      var store = storage();
      if (store && user && item) keysOf(store).forEach(function (key) { store.removeItem(key); });
      pending = null;
    }

    function lock(on) {
      sending = on;
      form.toggleAttribute("data-sending", on);
      form.setAttribute("aria-busy", on ? "true" : "false");
      form.querySelectorAll("textarea").forEach(function (area) { area.readOnly = on; });
    }

    function retryLater(why) {
      lock(false);
      var delay = RETRY_DELAYS[Math.min(attempts, RETRY_DELAYS.length - 1)];
      attempts += 1;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(attempt, delay * (0.8 + Math.random() * 0.4));
      show("Not saved — retrying. " + why + "; your answers are kept " +
        (pending.stored ? "in this browser" : "on this page (this browser refused to store them)") +
        " and are sent as soon as the connection returns.", true);
    }

    function body() {
      var data = new FormData(form);
      data.set("csrf_token", token());  // this page's token (a restored submit has a new one)
      data.set("version", pending.record.version);
      // time on the item up to the submit, not up to whenever the connection came back
      var waited = Math.max(0, (Date.now() - pending.record.at) / 1000);
      if (pending.record.openedAt) data.set("opened_at", String(pending.record.openedAt + waited));
      return new URLSearchParams(data);
    }

    function replacePage(html) {
      // show the server's refusal page as a form submit would have (same address)
      var page = new DOMParser().parseFromString(html, "text/html");
      document.title = page.title;
      document.body.replaceWith(document.adoptNode(page.body));
      window.scrollTo(0, 0);
      if (window.htmx) window.htmx.process(document.body);
      start();
    }

    function settle(reply) {
      if (reply.ok) {
        forget();
        dirty = false;
        leaving = true;
        show("Saved. Opening the next item…", false);
        window.location.assign(reply.headers.get("HX-Redirect") || "/annotate");
        return;
      }
      if (reply.type === "opaqueredirect" || reply.status === 401 || reply.status === 403) {
        lock(false);
        show("Not saved: your session has ended or this page has expired. Log in again (another " +
          "tab will do), then reload this page: your answers are kept in this browser and are " +
          "sent again when the page opens.", true);
        return;
      }
      if (reply.status >= 500) {
        retryLater("The server failed (" + reply.status + ")");
        return;
      }
      // any other 4xx is the server's decision (a broken rule, a conflict, an item that left
      // the queue): its page shows the reason and carries the answers, as before
      // A refusal that is not the item's page (e.g. a guard refusing a NUL character in a note)
      // does not carry the answers: keep them on screen and in localStorage, and say why.
      return reply.text().then(function (text) {
        var type = reply.headers.get("content-type") || "";
        var page = type.indexOf("text/html") === 0 ?
          new DOMParser().parseFromString(text, "text/html") : null;
        if (page && page.getElementById("diagnosis-form")) {
          forget();
          replacePage(text);
          return;
        }
        pending = null;  // not retried: the same answers would be refused again
        lock(false);
        var reason = page ? (page.querySelector("main .error, main p") || page.body).textContent
          : reasonOf(reply, text);
        show("Not saved (" + reply.status + "): " + reason.trim().slice(0, 300) +
          " Your answers are still here; correct them and submit again.", true);
      });
    }

    function attempt() {
      clearTimeout(retryTimer);
      retryTimer = null;
      if (!pending || sending || !form.isConnected) return;
      lock(true);
      var slow = setTimeout(function () { if (sending) show("Saving…", false); }, 1000);
      flushDraft().then(function () {
        return timed(form.getAttribute("action"), {
          method: "POST", body: body(), credentials: "same-origin", redirect: "manual",
          headers: { "X-CSRF-Token": token(), "HX-Request": "true", "Accept": "text/html" },
        }, SUBMIT_TIMEOUT);
      }).then(function (reply) {
        clearTimeout(slow);
        return settle(reply);
      }, function () {
        clearTimeout(slow);
        retryLater("The server cannot be reached");
      });
    }

    form.addEventListener("change", function (event) {
      dirty = true;
      changes += 1;
      update();
      autosave();
      if (pending && !sending) remember();
      var target = event.target;
      if (target.type === "checkbox" && target.checked && target.dataset.note) {
        var area = document.getElementById(target.dataset.note);
        if (area) area.focus();
      }
    });
    form.addEventListener("input", function () {
      dirty = true;
      changes += 1;
      autosave();
      if (pending && !sending) remember();
    });
    form.addEventListener("click", function (event) {
      // while a submit is on its way the answers are frozen, so what is saved is what is shown
      if (sending && event.target.closest("label, input")) event.preventDefault();
    }, true);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (sending || leaving) return;  // a double press: the first submit is on its way
      remember();
      attempts = 0;
      attempt();
    });
    window.addEventListener("online", function () {
      if (form.isConnected && pending && !leaving) { attempts = 0; attempt(); }
    });
    window.addEventListener("pageshow", function (event) {
      // back to this page from the next item (back-forward cache): show what is saved now
      if (event.persisted && leaving && form.isConnected) window.location.reload();
    });
    window.addEventListener("beforeunload", function (event) {
      if (!form.isConnected || leaving) return;
      var safe = pending ? pending.stored : !dirty;  // a pending submit is kept in the browser
      if (!safe) { event.preventDefault(); event.returnValue = ""; }
    });
    update();
    var error = document.getElementById("form-error");
    if (error) { error.scrollIntoView({ block: "center" }); error.focus({ preventScroll: true }); }

    var earlier = recall();
    if (earlier) {
      // a submit the server never confirmed (offline, tab closed, reload): its answers win over
      // whatever the page was rendered with (a saved version, an older draft), and it is sent
      // again with the version it started from
      pending = earlier;
      versionInput.value = earlier.record.version;
      writeAnswers(earlier.record.answers);
      dirty = true;  // the server's draft may be older: replace it first
      var notice = document.getElementById("draft-restored");
      if (notice) notice.hidden = true;  // the answers shown are the submit's, not that draft
      show("Not saved yet: your submit of " + new Date(earlier.record.at).toLocaleString() +
        " was not confirmed by the server. Sending it again…", true);
      attempt();
    }
  }

  function start() {
    // on load, and again after a refusal page replaced the body (replacePage)
    var form = document.getElementById("diagnosis-form");
    if (form) {
      setupDiagnosis(form);
      setupIssuesHint(form);
    }
  }

  document.addEventListener("DOMContentLoaded", start);

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
})();
