// The event form: the options field's help follows the ruleset chosen (issue #34).
//
// The server renders the help of the ruleset the select shows (that is what a
// page without JavaScript keeps); every ruleset's help is on the page as JSON
// (#ruleset-options-help, from the families), and this swaps it in when the
// director picks another ruleset.
(function () {
  "use strict";
  var data = document.getElementById("ruleset-options-help");
  var select = document.getElementById("id_ruleset");
  var help = document.getElementById("id_ruleset_overrides_helptext");
  if (!data || !select || !help) return;
  var helps = JSON.parse(data.textContent);
  select.addEventListener("change", function () {
    if (helps[select.value]) help.textContent = helps[select.value];
  });
})();
