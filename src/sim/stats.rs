//! The figures `muggins sim` prints for each listed player, whatever the game.

/// The 95% Wilson interval of `wins` in `n`.
pub fn wilson(wins: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (p, n) = (wins as f64 / n as f64, n as f64);
    let z = 1.96;
    let d = 1.0 + z * z / n;
    let c = p + z * z / (2.0 * n);
    let r = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (((c - r) / d).max(0.0), ((c + r) / d).min(1.0))
}

/// A quantile of a list (sorted in place).
pub fn quantile(v: &mut [f64], q: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * q).round() as usize]
}

/// Credits a game's winning chairs to the listed players who sat in them (`player(chair)`), each
/// player once however many chairs it held.
pub fn credit_wins(wins: &mut [u32], winners: &[u8], player: impl Fn(u8) -> usize) {
    let mut won = vec![false; wins.len()];
    for w in winners {
        won[player(*w)] = true;
    }
    for (n, w) in wins.iter_mut().zip(won) {
        *n += u32::from(w);
    }
}

/// Each listed player's win rate, its 95% interval and the median and 99th percentile of its
/// decision times (ms).
pub struct PlayerFigures {
    pub win_rate: Vec<f64>,
    pub ci95: Vec<(f64, f64)>,
    pub decision_p50: Vec<f64>,
    pub decision_p99: Vec<f64>,
}

impl PlayerFigures {
    pub fn of(wins: &[u32], games: u32, decisions: &mut [Vec<f64>]) -> PlayerFigures {
        PlayerFigures {
            win_rate: wins
                .iter()
                .map(|w| *w as f64 / games.max(1) as f64)
                .collect(),
            ci95: wins.iter().map(|w| wilson(*w, games)).collect(),
            decision_p50: decisions.iter_mut().map(|d| quantile(d, 0.5)).collect(),
            decision_p99: decisions.iter_mut().map(|d| quantile(d, 0.99)).collect(),
        }
    }

    /// The 95% intervals as JSON pairs.
    pub fn ci95_json(&self) -> Vec<[f64; 2]> {
        self.ci95.iter().map(|(l, h)| [*l, *h]).collect()
    }
}

/// Plays games `0..games` shared out over the cores, game k on thread k mod threads, each thread
/// keeping its own tally; the tallies come back in thread order (so a seed gives the same figures
/// on any machine once merged), or the first error.
pub fn on_every_core<T: Send>(
    games: u64,
    play: impl Fn(&mut dyn Iterator<Item = u64>) -> Result<T, String> + Sync,
) -> Result<Vec<T>, String> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(games as usize)
        .max(1);
    let play = &play;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| scope.spawn(move || play(&mut (k as u64..games).step_by(threads))))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a game thread panicked".into()))
            })
            .collect()
    })
}

/// A figure from `/proc/self/status` in kB (`VmHWM`, `VmRSS`), where the system has one.
fn proc_status_kb(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The most memory this process has held so far, kB.
pub fn peak_rss_kb() -> Option<u64> {
    proc_status_kb("VmHWM:")
}

/// The memory this process holds now, kB.
pub fn rss_kb() -> Option<u64> {
    proc_status_kb("VmRSS:")
}
