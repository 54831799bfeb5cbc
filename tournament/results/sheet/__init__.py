"""A scoresheet as verbs and data: entering, submitting, confirming, storing, its refusals."""
