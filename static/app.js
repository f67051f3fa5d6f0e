// Keyboard-first: any element with data-key="x" is activated by pressing x (outside text fields).
// "ctrl+Enter" submits the form the element belongs to. Shortcuts are listed on each page.
(function () {
  "use strict";
  function isTyping(target) {
    if (!target) return false;
    var tag = target.tagName;
    return tag === "TEXTAREA" || tag === "SELECT" ||
      (tag === "INPUT" && !["radio", "checkbox", "button", "submit"].includes(target.type)) ||
      target.isContentEditable;
  }
  document.addEventListener("keydown", function (event) {
    var key = event.key;
    if (event.ctrlKey && key === "Enter") {
      var submit = document.querySelector('[data-key="ctrl+Enter"]');
      if (submit) { event.preventDefault(); submit.click(); }
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    var selector = '[data-key="' + (key.length === 1 ? key.toLowerCase() : key).replace(/"/g, "") + '"]';
    var element = document.querySelector(selector);
    if (!element) return;
    event.preventDefault();
    if (element.tagName === "A") { window.location.assign(element.href); return; }
    element.click();
    element.focus({ preventScroll: true });
  });
})();
