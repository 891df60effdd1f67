//! Making numbers: every total three dice can make with the allowed operations, and one
//! expression for each.
//!
//! A total is the value of `(a ∘ b) ∘ c` or `c ∘ (a ∘ b)` for some ordering `a, b, c` of the
//! dice, each `∘` an allowed operation; every intermediate value and the total are whole numbers
//! ≥ 0, division is exact and never by zero.

use std::fmt;

use super::variant::Op;

/// A set of operations, as bits (Add 1, Sub 2, Mul 4, Div 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Ops(u8);

impl Ops {
    pub const ALL: Ops = Ops(0b1111);

    pub fn of(ops: &[Op]) -> Ops {
        Ops(ops.iter().fold(0, |m, op| m | Ops::bit(*op)))
    }

    fn bit(op: Op) -> u8 {
        match op {
            Op::Add => 1,
            Op::Sub => 2,
            Op::Mul => 4,
            Op::Div => 8,
        }
    }

    /// The set as bits 0..16 (a table index).
    pub fn bits(self) -> u8 {
        self.0
    }

    pub fn contains(self, op: Op) -> bool {
        self.0 & Ops::bit(op) != 0
    }

    /// The operations in the order Add, Sub, Mul, Div.
    pub fn list(self) -> impl Iterator<Item = Op> {
        [Op::Add, Op::Sub, Op::Mul, Op::Div]
            .into_iter()
            .filter(move |op| self.contains(*op))
    }

    /// Parses `+ - x /` (also `*`, `×`, `÷`, `−`), in any order, spaces and commas ignored.
    pub fn parse(text: &str) -> Result<Ops, String> {
        let mut ops = Ops(0);
        for c in text.chars() {
            let op = match c {
                '+' => Op::Add,
                '-' | '−' => Op::Sub,
                'x' | 'X' | '*' | '×' => Op::Mul,
                '/' | '÷' => Op::Div,
                ' ' | ',' => continue,
                other => return Err(format!("'{other}' is not an operation (use + - x /)")),
            };
            ops.0 |= Ops::bit(op);
        }
        if ops.0 == 0 {
            return Err("no operations given (use + - x /)".into());
        }
        Ok(ops)
    }
}

/// One operation on two whole numbers, if its result is a whole number ≥ 0.
#[inline]
pub fn apply(op: Op, x: u32, y: u32) -> Option<u32> {
    match op {
        Op::Add => Some(x + y),
        Op::Sub => x.checked_sub(y),
        Op::Mul => Some(x * y),
        Op::Div => (y != 0 && x.is_multiple_of(y)).then(|| x / y),
    }
}

/// How an expression groups its three numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// `(a ∘ b) ∘ c`
    Left,
    /// `c ∘ (a ∘ b)`
    Right,
}

/// An expression that uses each die once: `(a o1 b) o2 c` or `c o2 (a o1 b)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Expr {
    pub a: u8,
    pub b: u8,
    pub c: u8,
    pub inner: Op,
    pub outer: Op,
    pub form: Form,
}

impl Expr {
    /// Its value, if every step is a whole number ≥ 0.
    pub fn value(&self) -> Option<u32> {
        let v = apply(self.inner, self.a as u32, self.b as u32)?;
        match self.form {
            Form::Left => apply(self.outer, v, self.c as u32),
            Form::Right => apply(self.outer, self.c as u32, v),
        }
    }

    /// The dice it uses, sorted.
    pub fn dice(&self) -> [u8; 3] {
        let mut d = [self.a, self.b, self.c];
        d.sort_unstable();
        d
    }
}

fn ascii(op: Op) -> char {
    match op {
        Op::Add => '+',
        Op::Sub => '-',
        Op::Mul => 'x',
        Op::Div => '/',
    }
}

impl fmt::Display for Expr {
    /// `(3 - 1) + 6`, or `1 + (6 x 3)`: the inner pair is always in brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (i, o) = (ascii(self.inner), ascii(self.outer));
        match self.form {
            Form::Left => write!(f, "({} {i} {}) {o} {}", self.a, self.b, self.c),
            Form::Right => write!(f, "{} {o} ({} {i} {})", self.c, self.a, self.b),
        }
    }
}

/// The six orderings of three dice (fewer when dice repeat, but repeats are harmless).
const ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The totals 1..=max the dice make, as bits (bit t set when t is reachable). `max` ≤ 63.
pub fn reachable(dice: [u8; 3], ops: Ops, max: u32) -> u64 {
    debug_assert!(max <= 63);
    let mut mask = 0u64;
    let mut add = |t: Option<u32>| {
        if let Some(t) = t
            && (1..=max).contains(&t)
        {
            mask |= 1 << t;
        }
    };
    for [i, j, k] in ORDERS {
        let (a, b, c) = (dice[i] as u32, dice[j] as u32, dice[k] as u32);
        for inner in ops.list() {
            let Some(v) = apply(inner, a, b) else {
                continue;
            };
            for outer in ops.list() {
                add(apply(outer, v, c));
                add(apply(outer, c, v));
            }
        }
    }
    mask
}

/// Every reachable total 1..=max with its easiest expression, in ascending order (the one
/// [`expression_for`] finds).
pub fn solve(dice: [u8; 3], ops: Ops, max: u32) -> Vec<(u32, Expr)> {
    let mut made = vec![false; max as usize + 1];
    for t in expressions_by_cost(dice, ops).filter_map(|e| e.value()) {
        if (1..=max).contains(&t) {
            made[t as usize] = true;
        }
    }
    let small = best_expressions(dice, ops);
    (1..=max)
        .filter(|t| made[*t as usize])
        .filter_map(|t| {
            let e = if t < 64 {
                small[t as usize]
            } else {
                expression_for(dice, ops, t)
            };
            e.map(|e| (t, e))
        })
        .collect()
}

/// Every pair of operations (inner, outer), easiest first: each + costs 0, − 1, × 2 and ÷ 3,
/// and the pairs go by total cost.
const PAIRS_BY_COST: [(Op, Op); 16] = {
    use Op::*;
    [
        (Add, Add),
        (Add, Sub),
        (Sub, Add),
        (Sub, Sub),
        (Add, Mul),
        (Mul, Add),
        (Add, Div),
        (Sub, Mul),
        (Mul, Sub),
        (Div, Add),
        (Sub, Div),
        (Div, Sub),
        (Mul, Mul),
        (Mul, Div),
        (Div, Mul),
        (Div, Div),
    ]
};

/// Every expression over the dice, easiest first: the pairs of operations by cost, then the
/// orderings with larger numbers first, then both groupings.
pub fn expressions_by_cost(mut dice: [u8; 3], ops: Ops) -> impl Iterator<Item = Expr> {
    dice.sort_unstable_by(|a, b| b.cmp(a));
    PAIRS_BY_COST
        .into_iter()
        .filter(move |(i, o)| ops.contains(*i) && ops.contains(*o))
        .flat_map(move |(inner, outer)| {
            ORDERS.into_iter().flat_map(move |[i, j, k]| {
                [Form::Left, Form::Right].map(|form| Expr {
                    a: dice[i],
                    b: dice[j],
                    c: dice[k],
                    inner,
                    outer,
                    form,
                })
            })
        })
}

/// For every total below 64, the easiest expression that makes it (the first of
/// [`expressions_by_cost`] with that value).
pub fn best_expressions(dice: [u8; 3], ops: Ops) -> [Option<Expr>; 64] {
    let mut best = [None; 64];
    for e in expressions_by_cost(dice, ops) {
        if let Some(t) = e.value()
            && t < 64
            && best[t as usize].is_none()
        {
            best[t as usize] = Some(e);
        }
    }
    best
}

/// The easiest expression that makes `total`, if any (the one [`solve`] lists).
pub fn expression_for(dice: [u8; 3], ops: Ops, total: u32) -> Option<Expr> {
    expressions_by_cost(dice, ops).find(|e| e.value() == Some(total))
}

/// The totals in a bit set, ascending.
pub fn totals_of(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let t = mask.trailing_zeros();
            mask &= mask - 1;
            t
        })
    })
}
