//! Kugelbox: two balls into a box of 25 holes (`../shared/RULES.md` §3).

mod variant;

pub use variant::{BoxLayout, CalcOp, Chip, KugelboxMode, KugelboxVariant, Scoring};
