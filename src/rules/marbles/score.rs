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

/// One seat's score.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
pub struct SeatScore {
    pub marbles: u32,
    /// Lengths of every run of 2 or more, in board order (a run around the corner first).
    pub runs: Vec<usize>,
    pub bonus: u32,
    pub total: u32,
}

/// The maximal runs of `seat` on `board` (index i is space i + 1): each as (first space index,
/// length), lengths ≥ 1. With `wrap`, a run may cross from the last space to the first.
pub fn runs_of(board: &[Option<u8>], seat: u8, wrap: bool) -> Vec<(usize, usize)> {
    let n = board.len();
    let mine = |i: usize| board[i] == Some(seat);
    if n > 0 && (0..n).all(mine) {
        return vec![(0, n)];
    }
    let mut runs = Vec::new();
    let mut i = 0;
    while i < n {
        if mine(i) {
            let first = i;
            while i < n && mine(i) {
                i += 1;
            }
            runs.push((first, i - first));
        } else {
            i += 1;
        }
    }
    // A run through space 1 and one through the last space are one run around the corner.
    if wrap && runs.len() >= 2 && mine(0) && mine(n - 1) {
        let (last_first, last_len) = runs.pop().unwrap_or_default();
        runs[0] = (last_first, last_len + runs[0].1);
    }
    runs
}

/// The score of `seat` on `board`; with `runs_score` false only marbles count.
pub fn score_seat(board: &[Option<u8>], seat: u8, wrap: bool, runs_score: bool) -> SeatScore {
    let marbles = board.iter().filter(|s| **s == Some(seat)).count() as u32;
    let runs: Vec<usize> = runs_of(board, seat, wrap)
        .into_iter()
        .map(|(_, len)| len)
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
