//! The statistics the physics checks need: the chi-square test of uniform face counts.

/// ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9).
pub fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection.
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = G[0];
    let t = x + 7.5;
    for (i, g) in G.iter().enumerate().skip(1) {
        a += g / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// The regularized upper incomplete gamma function Q(a, x).
pub fn gamma_q(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let gln = ln_gamma(a);
    if x < a + 1.0 {
        // Series for P, then Q = 1 − P.
        let (mut sum, mut del, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..1000 {
            ap += 1.0;
            del *= x / ap;
            sum += del;
            if del.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        1.0 - sum * (-x + a * x.ln() - gln).exp()
    } else {
        // Continued fraction (modified Lentz).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..1000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (-x + a * x.ln() - gln).exp() * h
    }
}

/// Pearson's chi-square statistic of counts against a uniform expectation.
pub fn chi_square_uniform(counts: &[u64]) -> f64 {
    let n: u64 = counts.iter().sum();
    if counts.is_empty() || n == 0 {
        return 0.0;
    }
    let e = n as f64 / counts.len() as f64;
    counts.iter().map(|c| (*c as f64 - e).powi(2) / e).sum()
}

/// The p-value of uniform counts: P(χ² ≥ statistic) with k − 1 degrees of freedom.
pub fn uniform_p_value(counts: &[u64]) -> f64 {
    let dof = counts.len().saturating_sub(1) as f64;
    if dof == 0.0 {
        return 1.0;
    }
    gamma_q(dof / 2.0, chi_square_uniform(counts) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chi_square_p_values_match_the_tables() {
        // Critical values: 5 degrees of freedom, 11.070 at p = 0.05 and 20.515 at p = 0.001;
        // 11 degrees of freedom, 19.675 at 0.05 and 31.264 at 0.001.
        assert!((gamma_q(2.5, 11.070 / 2.0) - 0.05).abs() < 1e-4);
        assert!((gamma_q(2.5, 20.515 / 2.0) - 0.001).abs() < 1e-5);
        assert!((gamma_q(5.5, 19.675 / 2.0) - 0.05).abs() < 1e-4);
        assert!((gamma_q(5.5, 31.264 / 2.0) - 0.001).abs() < 1e-5);
        assert!((ln_gamma(5.0) - 24f64.ln()).abs() < 1e-10);
        assert_eq!(uniform_p_value(&[100; 6]), 1.0);
        assert!(uniform_p_value(&[200, 0, 0, 0, 0, 0]) < 1e-10);
    }
}
