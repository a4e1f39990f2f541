-- The rollups' update branch pairs each statement's old and new rows by id (report_month_summary_on_report,
-- report_totals_on_report). Transition tables carry no statistics, so the planner guessed a few rows and
-- joined them with a nested loop: quadratic in the rows a statement updates (8,000 constats renamed at once
-- took 81 s, their counts changed 32 s). Without nested loops the pairing is a hash join, linear (the same
-- statements: about 2 s, mostly the indexes' own work); a one-constat update costs the same as before.
ALTER FUNCTION report_month_summary_on_report() SET enable_nestloop = off;
ALTER FUNCTION report_totals_on_report() SET enable_nestloop = off;
