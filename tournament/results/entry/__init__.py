"""What a judge types in at the table: the hand form, its tile and value inputs, CSV scores."""
