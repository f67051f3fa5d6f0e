// The audit review form: key 1–5 marks that review criterion "pass", pressed again "fail", again
// "pass" (outside text fields). Criteria start unanswered; the server refuses a vote that
// leaves one unanswered.
(function () {
  "use strict";

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || !/^[1-9]$/.test(event.key)) return;
    var target = event.target;
    if (target && (target.tagName === "TEXTAREA" || target.isContentEditable ||
        (target.tagName === "INPUT" && !["radio", "checkbox"].includes(target.type)))) return;
    var pass = document.querySelector('#vote-form input[data-criterion-key="' + event.key + '"]');
    if (!pass) return;
    event.preventDefault();
    var choice = pass.checked ? pass.form.querySelector(
      'input[name="' + pass.name + '"][value="fail"]') : pass;
    choice.click();  // a change event, as for a click: autosave-style listeners see it
    choice.focus({ preventScroll: true });
  });
})();
