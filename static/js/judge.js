/* The judge's table page, made quicker to use on a phone.

   Everything here is an addition: the page works with plain form posts and
   no script. This adds the tile picker (tap tiles into the focused tiles
   field instead of typing mpsz), shows a second or third winner of one
   discard in place (without script that is a post which shows the block),
   and fills a ruling's rule reference from the kind chosen. No framework, no
   outside assets. */
(function () {
  "use strict";

  var SUITS = "mpsz";

  /* Append one tile ("3m") to mpsz text, sharing the suit letter of the last group:
     "12m" + "3m" -> "123m", "12m" + "4p" -> "12m4p". */
  function addTile(text, tile) {
    var digit = tile.charAt(0);
    var suit = tile.charAt(1);
    text = text.replace(/\s+$/, "");
    if (text.length && text.charAt(text.length - 1) === suit) {
      return text.slice(0, -1) + digit + suit;
    }
    return text + tile;
  }

  /* Take the last tile off mpsz text: "123m" -> "12m", "12m5p" -> "12m". */
  function dropTile(text) {
    text = text.replace(/\s+$/, "");
    var last = text.charAt(text.length - 1);
    if (SUITS.indexOf(last) < 0) {
      return text.slice(0, -1);
    }
    var body = text.slice(0, -1);
    var digits = body.match(/[0-9]+$/);
    if (!digits || digits[0].length <= 1) {
      return body.slice(0, body.length - (digits ? digits[0].length : 0));
    }
    return body.slice(0, -1) + last;
  }

  function labelOf(input) {
    var label = input.id && document.querySelector('label[for="' + input.id + '"]');
    return label ? label.textContent.trim() : input.name;
  }

  function setUpPicker(form) {
    var picker = form.querySelector("[data-picker]");
    if (!picker) {
      return;
    }
    var inputs = Array.prototype.slice.call(form.querySelectorAll("input[data-tiles]"));
    var target = form.querySelector("input[name=concealed]") || inputs[0];
    var targetName = picker.querySelector("[data-picker-target]");
    var home = picker.parentNode;
    var homeNext = picker.nextSibling;
    var typing = false;

    /* A further winner's tiles: the picker moves into that winner's block, under the hand. */
    function place(input) {
      var block = input.closest("[data-picker-home]");
      if (block && picker.parentNode !== block) {
        block.insertBefore(picker, block.querySelector(".melds"));
      } else if (!block && picker.parentNode !== home) {
        home.insertBefore(picker, homeNext);
      }
    }

    function choose(input) {
      inputs.forEach(function (other) {
        other.classList.toggle("is-picking", other === input);
      });
      target = input;
      targetName.textContent = labelOf(input);
      place(input);
    }

    /* On a phone the picker replaces the keyboard until "Keyboard" is pressed. */
    function setTyping(on) {
      typing = on;
      inputs.forEach(function (input) {
        if (on) {
          input.removeAttribute("inputmode");
        } else {
          input.setAttribute("inputmode", "none");
        }
      });
      picker.querySelector("[data-picker-keyboard]").setAttribute("aria-pressed", String(on));
    }

    inputs.forEach(function (input) {
      input.addEventListener("focus", function () {
        choose(input);
      });
    });
    picker.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) {
        return;
      }
      if (button.dataset.suit) {
        picker.querySelectorAll("[data-suit]").forEach(function (tab) {
          tab.setAttribute("aria-selected", String(tab === button));
        });
        picker.querySelectorAll("[data-suit-tiles]").forEach(function (group) {
          group.hidden = group.dataset.suitTiles !== button.dataset.suit;
        });
      } else if (button.dataset.tile && target) {
        target.value =
          target.dataset.tiles === "one" ? button.dataset.tile : addTile(target.value, button.dataset.tile);
        target.dispatchEvent(new Event("input", { bubbles: true }));
      } else if (button.hasAttribute("data-picker-back") && target) {
        target.value = dropTile(target.value);
      } else if (button.hasAttribute("data-picker-keyboard")) {
        setTyping(!typing);
        if (typing && target) {
          target.focus();
        }
      }
    });
    picker.hidden = false;
    setTyping(false);
    if (target) {
      choose(target);
    }
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

  document.querySelectorAll(".hand-form").forEach(setUpPicker);
  document.querySelectorAll(".hand-form").forEach(setUpMoreWinners);
  document.querySelectorAll(".ruling-form").forEach(setUpRulings);
})();
