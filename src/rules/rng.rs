//! The seeded randomness of the rules engines: SplitMix64, small and reproducible everywhere.

/// One SplitMix64 step: a well-mixed hash of `x`.
pub fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A SplitMix64 stream.
#[derive(Clone, Copy, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// The stream for `seed`, kept apart from other streams of the same seed by `salt`.
    pub fn new(seed: u64, salt: u64) -> SplitMix {
        SplitMix(splitmix(seed ^ salt.wrapping_mul(0xA24B_AED4_963E_E407)))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        splitmix(self.0)
    }

    /// Uniform in 0..n (n ≥ 1), by the multiply-shift method.
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }
}
