/* Tiles as the judge's page reads and writes them: mpsz text in, a list of
   tiles out, and back, plus the sets the picker's set mode adds. Kept apart
   from judge.js (which wires the page) so the rules of the text live in one
   place. The text stays the hand-format contract (../shared/hand-format.md):
   "123m 55z" is 1m 2m 3m 5z 5z; "0" is a red five. */
(function () {
  "use strict";

  var HAND = 14; // a winning hand's tiles, a kong counting as three
  var SUITS = "mpsz";

  /* "123m 5z" -> ["1m", "2m", "3m", "5z"]; what is not mpsz is skipped (the server says why). */
  function parse(text) {
    var tiles = [];
    var digits = "";
    String(text || "").replace(/\s+/g, "").split("").forEach(function (ch) {
      if (/[0-9]/.test(ch)) {
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

  function plain(tile) {
    return tile.replace(/^0/, "5");
  }

  /* The tiles a set of ``kind`` started by ``tile`` holds, or null when it cannot
     (a chow of honours, or from 8 or 9). A red five stays one tile of the set. */
  function setOf(kind, tile) {
    var suit = tile.charAt(1);
    var n = Number(plain(tile).charAt(0));
    var size = { pon: 3, kan: 4, kan_concealed: 4, pair: 2 }[kind];
    if (kind === "chi") {
      if (suit === "z" || n > 7) {
        return null;
      }
      return [tile, n + 1 + suit, n + 2 + suit];
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
      return SUITS.indexOf(tile.charAt(1)) * 100 + Number(plain(tile).charAt(0)) * 10 + (tile.charAt(0) === "0" ? 0 : 1);
    }
    return tiles.slice().sort(function (a, b) {
      return key(a) - key(b);
    });
  }

  /* How far a hand is: its concealed tiles, the winning tile, three for each meld. */
  function count(concealed, winTile, melds) {
    var n = concealed.length + (winTile.length ? 1 : 0);
    melds.forEach(function (meld) {
      n += Math.min(meld.length, 3);
    });
    return n;
  }

  window.TileHand = { HAND: HAND, parse: parse, format: format, sort: sort, setOf: setOf, find: find, count: count };
})();
