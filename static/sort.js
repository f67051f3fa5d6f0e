// Client-side sorting of the analysis tables: a click on a column heading's button sorts the
// table's rows by that column (numbers numerically, text alphabetically, empty cells last);
// a second click reverses. Cells carry their raw value in data-value.
(function () {
  "use strict";

  function value(cell) {
    var raw = cell.getAttribute("data-value");
    if (raw === null) raw = cell.textContent.trim();
    if (raw === "") return null;
    var number = Number(raw);
    return isNaN(number) ? raw.toLowerCase() : number;
  }

  function compare(a, b) {
    if (a === null || b === null) return a === b ? 0 : (a === null ? 1 : -1);
    if (typeof a === typeof b) return a < b ? -1 : (a > b ? 1 : 0);
    return typeof a === "number" ? -1 : 1;
  }

  function sortTable(table, header) {
    var index = header.cellIndex;
    var direction = header.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
    Array.prototype.forEach.call(header.parentNode.cells, function (th) {
      th.setAttribute("aria-sort", "none");
    });
    header.setAttribute("aria-sort", direction);
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (r1, r2) {
      var a = value(r1.cells[index]), b = value(r2.cells[index]);
      if (a === null || b === null) return compare(a, b);  // empty cells last either way
      var order = compare(a, b);
      return direction === "ascending" ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("table.sortable th button.sort") : null;
    if (!button) return;
    var header = button.closest("th");
    sortTable(header.closest("table"), header);
  });
})();
