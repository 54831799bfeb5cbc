"""Events, players and their registrations."""
