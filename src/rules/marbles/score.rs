//! Scoring the ring: a point per marble, and a bonus per maximal run of consecutive spaces of
//! one colour (2 → 2, 3 → 5, 4 → 7, 5 or more → 10), counted around the circle on the full
//! 36-space board (36 is next to 1). The 18-space board is the 1–18 half of the ring, so there
//! 18 and 1 are not neighbours.

use serde::{Deserialize, Serialize};

/// The bonus for one run of `len` marbles.
pub fn run_bonus(len: usize) -> u32 {
    match len {
        0 | 1 => 0,
        2 => 2,
        3 => 5,
        4 => 7,
        _ => 10,
    }
}

/// The run bonuses as the rules page tells them: "2 (two), 5 (three), 7 (four), 10 (five or
/// more)", from [`run_bonus`].
pub fn run_bonuses_text() -> String {
    let words = ["two", "three", "four", "five or more"];
    (2..=5)
        .zip(words)
        .map(|(len, w)| format!("{} ({w})", run_bonus(len)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One seat's score.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
pub struct SeatScore {
    pub marbles: u32,
    /// Lengths of every run of 2 or more, in board order (a run around the corner first).
    pub runs: Vec<usize>,
    pub bonus: u32,
    pub total: u32,
}

/// The maximal runs in `mask` (bit t set for space t) over spaces 1..=n: (first space, length)
/// in board order. With `wrap`, a run through space n and space 1 is one run, listed first.
pub fn runs_in(mask: u64, n: u32, wrap: bool) -> Vec<(u32, u32)> {
    let all = (1u64 << (n + 1)) - 2;
    let m = mask & all;
    if m != 0 && m == all {
        return vec![(1, n)];
    }
    let mut runs = Vec::new();
    let mut rest = m;
    while rest != 0 {
        let first = rest.trailing_zeros();
        let len = (!(rest >> first)).trailing_zeros();
        runs.push((first, len));
        rest &= !(((1u64 << len) - 1) << first);
    }
    // A run through space 1 and one through the last space are one run around the corner.
    if wrap && runs.len() >= 2 && m & 2 != 0 && m & (1 << n) != 0 {
        let (last_first, last_len) = runs.pop().unwrap_or_default();
        runs[0] = (last_first, last_len + runs[0].1);
    }
    runs
}

/// The spaces of `seat` on `board` (index i is space i + 1), as bits.
pub fn mask_of(board: &[Option<u8>], seat: u8) -> u64 {
    board
        .iter()
        .enumerate()
        .filter(|(_, s)| **s == Some(seat))
        .fold(0, |m, (i, _)| m | 1 << (i + 1))
}

/// The maximal runs of `seat` on `board` (index i is space i + 1): each as (first space index,
/// length), lengths ≥ 1. With `wrap`, a run may cross from the last space to the first.
pub fn runs_of(board: &[Option<u8>], seat: u8, wrap: bool) -> Vec<(usize, usize)> {
    runs_in(mask_of(board, seat), board.len() as u32, wrap)
        .into_iter()
        .map(|(first, len)| (first as usize - 1, len as usize))
        .collect()
}

/// What adding `space` (not in `mask`) adds to the score of the marbles in `mask` on a board of
/// `n` spaces: its marble, and the bonus of the run it makes less those of the runs it joins.
/// The same as the difference of two [`score_mask`] totals, without building either.
pub fn gain_at(mask: u64, space: u32, n: u32, wrap: bool, runs_score: bool) -> i32 {
    if !runs_score {
        return 1;
    }
    let held = |t: u32| mask & 1 << t != 0;
    let step = |t: u32, up: bool| -> Option<u32> {
        match (up, t) {
            (false, 1) => wrap.then_some(n),
            (false, t) => Some(t - 1),
            (true, t) if t == n => wrap.then_some(1),
            (true, t) => Some(t + 1),
        }
    };
    let run = |up: bool| -> u32 {
        let (mut len, mut t) = (0, space);
        while let Some(next) = step(t, up).filter(|&x| x != space && held(x)) {
            len += 1;
            t = next;
        }
        len
    };
    let below = run(false);
    // With every other space held the run below went all the way round: nothing is left above.
    let above = if below + 1 >= n { 0 } else { run(true) };
    let bonus = |len: u32| run_bonus(len as usize) as i32;
    1 + bonus(below + above + 1) - bonus(below) - bonus(above)
}

/// The score of the marbles in `mask` on a board of `n` spaces; with `runs_score` false only
/// marbles count.
pub fn score_mask(mask: u64, n: u32, wrap: bool, runs_score: bool) -> SeatScore {
    let marbles = mask.count_ones();
    let runs: Vec<usize> = runs_in(mask, n, wrap)
        .into_iter()
        .map(|(_, len)| len as usize)
        .filter(|&len| len >= 2)
        .collect();
    let bonus = if runs_score {
        runs.iter().map(|&l| run_bonus(l)).sum()
    } else {
        0
    };
    SeatScore {
        marbles,
        runs,
        bonus,
        total: marbles + bonus,
    }
}

/// The score of `seat` on `board`; with `runs_score` false only marbles count.
pub fn score_seat(board: &[Option<u8>], seat: u8, wrap: bool, runs_score: bool) -> SeatScore {
    score_mask(mask_of(board, seat), board.len() as u32, wrap, runs_score)
}

/// Parses a board string: 36 (or 18) characters, `.` for empty and `A`–`D` for a seat's marble;
/// position i is space i + 1.
pub fn parse_board(text: &str) -> Result<Vec<Option<u8>>, String> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != 36 && chars.len() != 18 {
        return Err(format!(
            "a board has 36 or 18 spaces, this one has {}",
            chars.len()
        ));
    }
    chars
        .iter()
        .enumerate()
        .map(|(i, c)| match c {
            '.' => Ok(None),
            'A'..='D' => Ok(Some(*c as u8 - b'A')),
            other => Err(format!(
                "space {}: '{other}' is neither '.' nor a seat letter A–D",
                i + 1
            )),
        })
        .collect()
}

/// The letter of a seat: A for seat 0.
pub fn seat_letter(seat: u8) -> char {
    (b'A' + seat) as char
}
