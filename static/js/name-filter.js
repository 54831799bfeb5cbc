// Narrow a list of players to the names that match what was typed, as you type.
// Accents and case do not matter and the Latin spelling finds a kanji name: each
// row carries its folded search keys in data-search (tournament/events/name_search.py),
// and the typed text is folded here the same way. Every word typed must match.
// Markup: <form data-name-filter data-rows="CSS selector" data-empty="CSS selector">
// with an <input type="search">. A file of its own, so the CSP needs no exception.
(function () {
  "use strict";
  var EXTRA = { "ł": "l", "ø": "o", "đ": "d", "ð": "d", "ß": "ss", "æ": "ae", "œ": "oe",
                "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t" };

  function fold(text) {
    return (text || "").normalize("NFKD").replace(/[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u3099\u309a]/g, "")
      .toLowerCase().replace(/[łøđðßæœþıħŧ]/g, function (c) { return EXTRA[c]; })
      .split(/\s+/).filter(Boolean).join(" ");
  }

  function matches(words, row) {
    var keys = row.getAttribute("data-search") || fold(row.textContent);
    return words.every(function (word) { return keys.indexOf(word) !== -1; });
  }

  // Shared with live.js, which filters the standings again after each refresh.
  window.nameFilter = { fold: fold, matches: matches };

  document.querySelectorAll("[data-name-filter]").forEach(function (form) {
    var input = form.querySelector("input[type=search]");
    var empty = document.querySelector(form.getAttribute("data-empty"));
    form.hidden = false;
    function apply() {
      var words = fold(input.value).split(" ").filter(Boolean);
      var shown = 0;
      document.querySelectorAll(form.getAttribute("data-rows")).forEach(function (row) {
        row.hidden = words.length > 0 && !matches(words, row);
        if (!row.hidden) shown += 1;
      });
      if (empty) empty.hidden = words.length === 0 || shown > 0;
    }
    input.addEventListener("input", apply);
    form.addEventListener("submit", function (event) { event.preventDefault(); apply(); });
  });
})();
