/* The judge's table page, made quicker to use on a phone.

   Everything here is an addition: the page works with plain form posts and
   no script. This remembers the entry level (Value or Tiles) on this device,
   brings the next likely field into view after a choice, shows a second or
   third winner of one discard in place (without script that is a post which
   shows the block), and fills a ruling's rule reference from the kind
   chosen. The tile picker is tile-picker.js. No framework, no outside
   assets. */
(function () {
  "use strict";

  var LEVEL = "judge.level";

  /* The level a judge chose last on this device is where a new hand starts (a hand
     being corrected, or one sent back with errors, keeps its own). */
  function setUpLevel(form) {
    var stored = null;
    try {
      stored = window.localStorage.getItem(LEVEL);
    } catch (e) {
      return;
    }
    form.addEventListener("change", function (event) {
      if (event.target.name === "level" && event.isTrusted) {
        try {
          window.localStorage.setItem(LEVEL, event.target.value);
        } catch (e) {
          /* nothing is remembered */
        }
      }
    });
    var radio = stored && form.querySelector('input[name="level"][value="' + stored + '"]');
    if (form.hasAttribute("data-fresh") && radio && !radio.checked) {
      radio.checked = true;
      radio.dispatchEvent(new Event("input", { bubbles: true }));
      radio.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  function shown(element) {
    return !!(element.offsetWidth || element.offsetHeight || element.getClientRects().length);
  }

  /* After the outcome, the winner or the discarder is chosen, the next group of the form
     that shows comes into view (the least scroll that does it), so the judge need not look. */
  function setUpNextField(form) {
    form.addEventListener("change", function (event) {
      var input = event.target;
      if (!event.isTrusted || input.type !== "radio" || input.name === "level") {
        return;
      }
      var group = input.closest("fieldset.choices");
      var next = group && group.nextElementSibling;
      while (next && (!shown(next) || next.matches("input[type=hidden]"))) {
        next = next.nextElementSibling;
      }
      if (next && next.scrollIntoView) {
        next.scrollIntoView({ block: "nearest" });
      }
    });
  }

  /* A ruling's kind says which rule applies: show it as the rule field's placeholder. */
  function setUpRulings(form) {
    var rule = form.querySelector("input[name=rule_reference]");
    if (!rule) {
      return;
    }
    function update() {
      var kind = form.querySelector("input[name=kind]:checked");
      rule.placeholder = kind ? kind.dataset.rule || "" : "";
    }
    form.addEventListener("change", update);
    update();
  }

  /* "Another player also won on this discard" shows the next winner block in place; a block
     that is hidden is disabled too, so it posts nothing. */
  function setUpMoreWinners(form) {
    var box = form.querySelector("[data-more-winners]");
    if (!box) {
      return;
    }
    var add = box.querySelector("[data-add-winner]");
    var blocks = Array.prototype.slice.call(box.querySelectorAll("[data-win-block]"));

    function show(block, on) {
      block.hidden = !on;
      block.disabled = !on;
      add.hidden = blocks.every(function (other) {
        return !other.hidden;
      });
    }

    box.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) {
        return;
      }
      if (button.hasAttribute("data-add-winner")) {
        var next = blocks.filter(function (block) {
          return block.hidden;
        })[0];
        if (next) {
          event.preventDefault();
          show(next, true);
          next.scrollIntoView({ block: "start" });
        }
      } else if (button.hasAttribute("data-drop-winner")) {
        event.preventDefault();
        show(button.closest("[data-win-block]"), false);
        add.focus();
      }
    });
  }

  /* The hands so far fold into one bar on a phone (closed in the page, so the form is on
     the first screen without script too); on a wide screen they are open, and a link to a
     hand (#hand-3, after a save) opens the bar that holds it. */
  var WIDE = "(min-width: 64rem)";

  function openFolds(event) {
    if (!event && window.matchMedia && window.matchMedia(WIDE).matches) {
      document.querySelectorAll("details[data-fold-wide]").forEach(function (box) {
        box.open = true;
      });
    }
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id && document.getElementById(id);
    var box = target && target.closest("details:not([open])");
    if (box) {
      box.open = true;
      target.scrollIntoView();
    }
  }

  document.querySelectorAll(".hand-form").forEach(setUpLevel);
  document.querySelectorAll(".hand-form").forEach(setUpNextField);
  document.querySelectorAll(".hand-form").forEach(setUpMoreWinners);
  document.querySelectorAll(".ruling-form").forEach(setUpRulings);
  openFolds(null);
  window.addEventListener("hashchange", openFolds);
})();
