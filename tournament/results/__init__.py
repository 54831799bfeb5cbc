"""Results: score sheets, hands, penalties and rulings, and the scoring commands."""
