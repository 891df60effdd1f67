//! MUGGINS! dice and marbles (`../shared/RULES.md` §1).

mod variant;

pub use variant::{Die, MarblesMode, MarblesVariant, Op};
