/* Tiles as the judge's page reads and writes them: mpsz text in, a list of
   tiles out, and back, plus the sets the picker's set mode adds. Kept apart
   from judge.js (which wires the page) so the rules of the text live in one
   place. The text stays the hand-format contract (../shared/hand-format.md):
   "123m 55z" is 1m 2m 3m 5z 5z; "0" is a red five. The constants are the
   rules engine's (scoring/core/tiles.py, script_rules), which the page
   renders into the picker's data-tile-rules: TileHand(rules) builds the
   functions for them, so this file keeps no copies of its own. */
(function () {
  "use strict";

  function TileHand(rules) {
    var HAND = rules.handSize; // a winning hand's tiles, a kong counting as three
    var SUITS = rules.suits;
    var SIZES = rules.setSizes;

    /* "123m 5z" -> ["1m", "2m", "3m", "5z"]; what is not mpsz is skipped (the server says why). */
    function parse(text) {
      var tiles = [];
      var digits = "";
      String(text || "").replace(/\s+/g, "").split("").forEach(function (ch) {
        if (rules.digits.indexOf(ch) >= 0) {
          digits += ch;
        } else if (SUITS.indexOf(ch) >= 0) {
          digits.split("").forEach(function (d) {
            tiles.push(d + ch);
          });
          digits = "";
        } else {
          digits = "";
        }
      });
      return tiles;
    }

    /* Whether ``tile`` ("5m", "0p", "7z") is a tile there is a picture of: not "8z", not "8". */
    function isTile(tile) {
      var n = String(tile || "").charAt(0);
      var suit = String(tile || "").charAt(1);
      if (String(tile || "").length !== 2 || SUITS.indexOf(suit) < 0) {
        return false;
      }
      if (suit === rules.honourSuit) {
        return rules.honours.indexOf(n) >= 0;
      }
      return rules.numbers.indexOf(n) >= 0 || n === rules.redFive;
    }

    /* ["5m", "6m", "3p"] -> "56m3p": the order kept, one suit letter for each run. */
    function format(tiles) {
      var out = "";
      tiles.forEach(function (tile, i) {
        var next = tiles[i + 1];
        out += tile.charAt(0);
        if (!next || next.charAt(1) !== tile.charAt(1)) {
          out += tile.charAt(1);
        }
      });
      return out;
    }

    function isRed(tile) {
      return tile.charAt(0) === rules.redFive;
    }

    function plain(tile) {
      return isRed(tile) ? rules.five + tile.charAt(1) : tile;
    }

    /* The tiles a set of ``kind`` started by ``tile`` holds, or null when it cannot
       (a chow of honours, or from 8 or 9). A red five stays one tile of the set.
       A kind such as kan_concealed is the size of its set type (kan). */
    function setOf(kind, tile) {
      var suit = tile.charAt(1);
      var n = Number(plain(tile).charAt(0));
      var size = SIZES[String(kind || "").split("_")[0]];
      if (kind === "chi") {
        if (suit === rules.honourSuit || n > rules.numbers.length - size + 1) {
          return null;
        }
        var run = [tile];
        while (run.length < size) {
          run.push(n + run.length + suit);
        }
        return run;
      }
      if (!size) {
        return [tile];
      }
      var set = [tile];
      while (set.length < size) {
        set.push(plain(tile));
      }
      return set;
    }

    /* Where ``tile`` is in ``tiles`` (a red five matches a plain five last), or -1. */
    function find(tiles, tile) {
      var at = tiles.lastIndexOf(tile);
      return at >= 0 ? at : tiles.map(plain).lastIndexOf(plain(tile));
    }

    /* Tiles in the order a hand is read: m, p, s, z, then by number (a red five with the fives). */
    function sort(tiles) {
      function key(tile) {
        return SUITS.indexOf(tile.charAt(1)) * 100 + Number(plain(tile).charAt(0)) * 10 + (isRed(tile) ? 0 : 1);
      }
      return tiles.slice().sort(function (a, b) {
        return key(a) - key(b);
      });
    }

    /* How far a hand is: its concealed tiles, the winning tile, three for each meld. */
    function count(concealed, winTile, melds) {
      var n = concealed.length + (winTile.length ? 1 : 0);
      melds.forEach(function (meld) {
        n += Math.min(meld.length, SIZES.pon); // a kong counts as a pung
      });
      return n;
    }

    return {
      HAND: HAND,
      parse: parse,
      format: format,
      sort: sort,
      setOf: setOf,
      find: find,
      count: count,
      isTile: isTile,
    };
  }

  window.TileHand = TileHand;
})();
