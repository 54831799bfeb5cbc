/* The tile picker of the judge's hand form: tap tiles instead of typing mpsz.

   Every tile input stays a plain text field with its own name (the page
   posts the same data without script). This fills them: single tiles, or a
   whole set in set mode (Pung, Chow, Kong, Pair, then one tile) into the
   concealed text or the first free meld row, and the winning tile moved out
   of the concealed text into win_tile, so the post is the hand-format
   contract. The hand is drawn as tiles with a count (a kong counts three);
   tapping a tile there removes it, or marks it as the winning tile. Each
   change fires "input" and "change" on the field, for the draft script.

   Set modes (issue #35): a set mode ends when its set is complete, and
   tapping a mode again starts another set of that kind. The set's first tile
   places it whole; its other tiles, when tapped next and in order (a judge
   tapping 6z 6z 6z for a pung of 6z), complete that same set instead of
   adding tiles. So two called pungs are 2 mode taps and 2 tile taps, or 6
   tile taps for a judge who taps every tile. A long press on a mode keeps it
   on (one tap a set, e.g. three chows in a row), until a mode is tapped. */
(function () {
  "use strict";

  // The mpsz functions (tile-hand.js), built from the engine's constants in data-tile-rules.
  var T = null;
  var KEYBOARD = "judge.keyboard";
  var LONG_PRESS = 500; // ms: a press this long on a set mode keeps the mode on

  function remembered(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  }

  function remember(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch (e) {
      /* private mode: nothing is remembered */
    }
  }

  function fire(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function labelOf(input) {
    var label = input.id && document.querySelector('label[for="' + input.id + '"]');
    return label ? label.textContent.trim() : input.name;
  }

  /* The fields of the hand a target belongs to: the first winner's, or a further winner's block. */
  function handFields(form, input) {
    var box = (input && input.closest("[data-picker-home]")) || form.querySelector(".tile-fields");
    return {
      concealed: box.querySelector('input[name$="concealed"]'),
      win: form.querySelector('input[name="win_tile"]'),
      rows: Array.prototype.slice.call(box.querySelectorAll(".meld-row")).map(function (row) {
        return { type: row.querySelector("select"), tiles: row.querySelector("input") };
      }),
    };
  }

  function snapshot(hand) {
    return {
      hand: hand,
      values: [hand.concealed, hand.win].concat(
        hand.rows.reduce(function (all, row) {
          return all.concat([row.type, row.tiles]);
        }, [])
      ).map(function (field) {
        return [field, field.value];
      }),
    };
  }

  function restore(shot) {
    shot.values.forEach(function (pair) {
      if (pair[0].value !== pair[1]) {
        pair[0].value = pair[1];
        fire(pair[0]);
      }
    });
  }

  function put(field, value) {
    if (field.value !== value) {
      field.value = value;
      fire(field);
    }
  }

  /* Move one ``tile`` from the concealed text to the winning tile (the old one goes back). */
  function markWin(hand, tile) {
    var tiles = T.parse(hand.concealed.value);
    var at = T.find(tiles, tile);
    if (at >= 0) {
      tile = tiles.splice(at, 1)[0];
    }
    if (hand.win.value) {
      tiles = tiles.concat(T.parse(hand.win.value));
    }
    put(hand.concealed, T.format(T.sort(tiles)));
    put(hand.win, tile);
  }

  function meldsOf(hand) {
    return hand.rows.map(function (row) {
      return T.parse(row.tiles.value);
    }).filter(function (tiles) {
      return tiles.length;
    });
  }

  function countOf(hand) {
    return T.count(T.parse(hand.concealed.value), T.parse(hand.win.value), meldsOf(hand));
  }

  /* A set or a tile into the hand's concealed text; a called set or a concealed kong
     into its first free meld row. False when there is no room or no such set. */
  function addToHand(hand, mode, tile, called) {
    var set = T.setOf(mode, tile);
    if (!set) {
      return false;
    }
    if (called || mode === "kan_concealed") {
      var row = hand.rows.filter(function (r) {
        return !r.tiles.value.trim() && !r.type.value;
      })[0];
      if (!row) {
        return false;
      }
      put(row.type, mode);
      put(row.tiles, T.format(set));
      return true;
    }
    put(hand.concealed, T.format(T.sort(T.parse(hand.concealed.value).concat(set))));
    // The last single tile that completes the hand is offered as the winning tile.
    if (!mode && !hand.win.value && countOf(hand) === T.HAND) {
      markWin(hand, tile);
    }
    return true;
  }

  /* A tile of the hand as its picture; text that is no tile (yet), as "8" half typed or
     "9z", as the text itself (there is no picture of it to ask the server for). */
  function tileImage(base, tile, extra) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "hand-tile" + (extra ? " " + extra : "");
    button.dataset.handTile = tile;
    button.setAttribute("aria-label", tile);
    if (T.isTile(tile)) {
      var img = document.createElement("img");
      img.src = base + tile + ".svg";
      img.alt = "";
      button.appendChild(img);
    } else {
      button.classList.add("is-text");
      button.textContent = tile;
    }
    return button;
  }

  /* The hand as tiles: the concealed ones, each meld a group, the winning tile apart, a count. */
  function drawHand(view, base, hand, word) {
    var n = countOf(hand);
    var done = n === T.HAND && !!hand.win.value;
    view.textContent = "";
    var counter = document.createElement("span");
    counter.className = "hand-count" + (done ? " is-complete" : n > T.HAND ? " is-over" : "");
    counter.dataset.handCount = String(n);
    counter.textContent = n + "/" + T.HAND + (done ? " ✓" : "");
    view.appendChild(counter);
    var row = document.createElement("div");
    row.className = "hand-tiles";
    T.parse(hand.concealed.value).forEach(function (tile, i) {
      var b = tileImage(base, tile);
      b.dataset.index = String(i);
      row.appendChild(b);
    });
    hand.rows.forEach(function (meld, i) {
      var tiles = T.parse(meld.tiles.value);
      if (!tiles.length) {
        return;
      }
      var group = document.createElement("span");
      group.className = "hand-meld" + (meld.type.value === "kan_concealed" ? " is-concealed" : "");
      group.dataset.meld = String(i);
      tiles.forEach(function (tile) {
        group.appendChild(tileImage(base, tile));
      });
      row.appendChild(group);
    });
    // The winning tile apart, or an empty place where it will go.
    var win = document.createElement("span");
    win.className = "hand-win";
    var note = document.createElement("small");
    note.textContent = word;
    if (hand.win.value.trim()) {
      win.appendChild(tileImage(base, T.parse(hand.win.value)[0] || hand.win.value.trim(), "is-win"));
    } else {
      var slot = document.createElement("span");
      slot.className = "hand-win-slot";
      win.appendChild(slot);
    }
    win.appendChild(note);
    row.appendChild(win);
    view.appendChild(row);
  }

  function setUpPicker(form) {
    var picker = form.querySelector("[data-picker]");
    if (!picker) {
      return;
    }
    T = window.TileHand(JSON.parse(picker.dataset.tileRules));
    var inputs = Array.prototype.slice.call(form.querySelectorAll("input[data-tiles]"));
    var target = form.querySelector("input[name=concealed]") || inputs[0];
    var targetName = picker.querySelector("[data-picker-target]");
    var view = picker.querySelector("[data-hand-view]");
    var base = picker.dataset.tileBase;
    var home = picker.parentNode;
    var homeNext = picker.nextSibling;
    var typing = false;
    var mode = "";
    var called = false;
    var held = false; // a long press: the mode stays on after each set
    var echo = []; // the tiles of the set just placed whole, which a next tap completes
    var undo = [];

    function hand() {
      return handFields(form, target);
    }

    function redraw() {
      if (view) {
        drawHand(view, base, hand(), picker.dataset.wordWin);
      }
    }

    /* A further winner's tiles: the picker moves into that winner's block, under the hand. */
    function place(input) {
      var block = input.closest("[data-picker-home]");
      if (block && picker.parentNode !== block) {
        block.insertBefore(picker, block.querySelector(".melds-box"));
      } else if (!block && picker.parentNode !== home) {
        home.insertBefore(picker, homeNext);
      }
    }

    function choose(input) {
      inputs.forEach(function (other) {
        other.classList.toggle("is-picking", other === input);
      });
      target = input;
      echo = [];
      targetName.textContent = labelOf(input);
      place(input);
      if (!/concealed$/.test(input.name) && mode) {
        setMode("", false); // sets are for a hand; a winning tile or an indicator is one tile
      }
      redraw();
    }

    function setMode(next, isCalled, keep) {
      mode = next;
      called = !!isCalled;
      held = !!(keep && mode);
      echo = [];
      picker.querySelectorAll("[data-set]").forEach(function (b) {
        var on = b.dataset.set === mode && b.hasAttribute("data-called") === called;
        b.setAttribute("aria-pressed", String(on));
        b.classList.toggle("is-held", on && held);
      });
      // A chow starts at 1-7 of a suit: the other keys are off while Chow is chosen.
      picker.querySelectorAll(".pick-tile").forEach(function (b) {
        b.disabled = mode === "chi" && !T.setOf("chi", b.dataset.tile);
      });
    }

    /* On a phone the picker replaces the keyboard until "Keyboard" is pressed; the choice stays. */
    function setTyping(on) {
      typing = on;
      remember(KEYBOARD, on ? "1" : "0");
      inputs.forEach(function (input) {
        if (on) {
          input.removeAttribute("inputmode");
        } else {
          input.setAttribute("inputmode", "none");
        }
      });
      picker.querySelector("[data-picker-keyboard]").setAttribute("aria-pressed", String(on));
    }

    function pick(tile) {
      var h = hand();
      var shot = snapshot(h);
      var isHand = target === h.concealed;
      if (isHand && echo.length && tile === echo[0]) {
        echo.shift(); // a tile of the set just placed: that set is complete, nothing added
        return;
      }
      echo = [];
      if (isHand && mode === "win") {
        markWin(h, tile);
        setMode("", false);
      } else if (isHand && mode) {
        var set = T.setOf(mode, tile);
        if (!addToHand(h, mode, tile, called)) {
          return;
        }
        if (!held) {
          setMode("", false); // the set is complete: back to single tiles
          echo = set.slice(1);
        }
      } else if (isHand) {
        if (!addToHand(h, mode, tile, called)) {
          return;
        }
      } else if (target.dataset.tiles === "one") {
        put(target, tile);
      } else {
        put(target, T.format(T.parse(target.value).concat([tile])));
      }
      undo.push(shot);
    }

    /* A tap on the drawn hand: remove that tile or meld, or (in winning-tile mode) mark it. */
    function tapHand(button) {
      var h = hand();
      var shot = snapshot(h);
      echo = [];
      var meld = button.closest("[data-meld]");
      if (button.classList.contains("is-win")) {
        put(h.concealed, T.format(T.sort(T.parse(h.concealed.value).concat(T.parse(h.win.value)))));
        put(h.win, "");
      } else if (meld) {
        var row = h.rows[Number(meld.dataset.meld)];
        put(row.type, "");
        put(row.tiles, "");
      } else if (mode === "win") {
        markWin(h, button.dataset.handTile);
        setMode("", false);
      } else {
        var tiles = T.parse(h.concealed.value);
        tiles.splice(Number(button.dataset.index), 1);
        put(h.concealed, T.format(tiles));
      }
      undo.push(shot);
    }

    inputs.forEach(function (input) {
      input.addEventListener("focus", function () {
        choose(input);
      });
    });
    form.addEventListener("input", redraw);
    form.addEventListener("change", redraw);
    /* A long press on a set mode keeps it on; the click that ends the press is then spent. */
    var pressing = null;
    var pressed = null;
    function settable(button) {
      return button && button.dataset.set && button.dataset.set !== "win";
    }
    picker.addEventListener("pointerdown", function (event) {
      var button = event.target.closest("[data-set]");
      clearTimeout(pressing);
      pressed = null;
      if (!settable(button) || !target) {
        return;
      }
      pressing = setTimeout(function () {
        pressed = button;
        setMode(button.dataset.set, button.hasAttribute("data-called"), true);
      }, LONG_PRESS);
    });
    ["pointerup", "pointercancel", "pointerleave"].forEach(function (name) {
      picker.addEventListener(name, function () {
        clearTimeout(pressing);
      });
    });
    picker.addEventListener("keydown", function () {
      pressed = null; // a key's click is never the end of a long press
    });
    picker.addEventListener("contextmenu", function (event) {
      if (event.target.closest("[data-set]")) {
        event.preventDefault(); // a long press is the hold, not the phone's menu
      }
    });

    picker.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !target) {
        return;
      }
      if (button.hasAttribute("data-set")) {
        if (pressed === button) {
          pressed = null; // the end of a long press: the mode is kept on already
          return;
        }
        // A mode tapped starts one set of its kind (again, if it was on); Single tiles ends it.
        setMode(button.dataset.set, button.hasAttribute("data-called"), false);
      } else if (button.dataset.tile) {
        pick(button.dataset.tile);
      } else if (button.dataset.handTile) {
        tapHand(button);
      } else if (button.hasAttribute("data-picker-back")) {
        echo = [];
        if (undo.length) {
          restore(undo.pop());
        } else {
          put(target, T.format(T.parse(target.value).slice(0, -1)));
        }
      } else if (button.hasAttribute("data-picker-keyboard")) {
        setTyping(!typing);
        if (typing) {
          target.focus();
        }
      }
    });
    form.querySelectorAll("[data-meld-rows]").forEach(function (box) {
      box.open = !!box.querySelector(".field-error");
    });
    picker.hidden = false;
    setTyping(remembered(KEYBOARD) === "1");
    if (target) {
      choose(target);
    }
  }

  document.querySelectorAll(".hand-form").forEach(setUpPicker);
})();
