//! The reproduction report: every table and figure of the seeds beside the paper.
