// "Where do I sit": narrow the list to the names that contain what was typed (any script).
// A file of its own, not inline, so the Content-Security-Policy needs no exception.
(function () {
  var filter = document.querySelector(".where-filter");
  var rows = document.querySelectorAll(".where li");
  if (!filter) return;
  filter.hidden = false;
  filter.querySelector("input").addEventListener("input", function (event) {
    var wanted = event.target.value.trim().toLocaleLowerCase();
    rows.forEach(function (row) {
      var name = row.querySelector(".player-name").textContent.toLocaleLowerCase();
      row.hidden = wanted !== "" && name.indexOf(wanted) === -1;
    });
  });
})();
