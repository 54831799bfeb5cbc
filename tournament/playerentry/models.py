"""What player entry keeps: the table PINs, the entering phone, and each hand's acceptance."""
