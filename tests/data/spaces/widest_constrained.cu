// A synthetic space whose one %RANGE% holds 2^64 values, with a constraint: `list` cannot count
// what the constraint allows, and says so instead of failing.
// %RANGE% TUNE_A a -9223372036854775808:9223372036854775807:1
// %CONSTRAINT% a > 0
