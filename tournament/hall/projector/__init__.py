"""The projector pages: full screen, paging by themselves."""
