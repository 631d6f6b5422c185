//! How colours are seen, for checking palettes: WCAG 2.x relative luminance and contrast
//! ratio, a simulation of red-green colour blindness (Machado, Oliveira & Fernandes
//! 2009), and the CIE76 colour difference ΔE in CIELAB. Pure arithmetic on [`Rgb`].

use super::Rgb;

/// A red-green colour vision deficiency, as [`simulate`] shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deficiency {
    /// No working green (M) cones: the most common red-green blindness.
    Deuteranopia,
    /// No working red (L) cones: red looks dark as well as green-like.
    Protanopia,
}

impl Deficiency {
    /// Both.
    pub const ALL: [Deficiency; 2] = [Deficiency::Deuteranopia, Deficiency::Protanopia];

    /// The simulation matrix of Machado, Oliveira & Fernandes, "A Physiologically-based
    /// Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009, at
    /// severity 1.0 (the authors' published table; also `CVD_MATRICES_MACHADO2010` in
    /// colour-science). It maps linear RGB to linear RGB.
    fn matrix(self) -> [[f64; 3]; 3] {
        match self {
            Deficiency::Deuteranopia => [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ],
            Deficiency::Protanopia => [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ],
        }
    }
}

/// One sRGB channel (0–255) in linear light (0–1). (WCAG 2.x writes the threshold as
/// 0.03928, the sRGB standard 0.04045: no 8-bit value lies between them.)
fn linear(channel: u8) -> f64 {
    let c = channel as f64 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// A linear-light channel back to sRGB 0–255 (clamped).
fn encoded(channel: f64) -> u8 {
    let c = channel.clamp(0.0, 1.0);
    let c = if c <= 0.0031308 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (c * 255.0).round() as u8
}

fn linear_rgb(Rgb(r, g, b): Rgb) -> [f64; 3] {
    [linear(r), linear(g), linear(b)]
}

/// WCAG 2.x relative luminance: 0 for black, 1 for white.
pub fn relative_luminance(colour: Rgb) -> f64 {
    let [r, g, b] = linear_rgb(colour);
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

/// WCAG 2.x contrast ratio of two colours, 1 (the same) to 21 (black and white), either
/// order. Text wants 4.5 (AA) or 7 (AAA).
pub fn contrast_ratio(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// How `colour` looks to someone with `deficiency` (full severity).
pub fn simulate(colour: Rgb, deficiency: Deficiency) -> Rgb {
    let rgb = linear_rgb(colour);
    let m = deficiency.matrix();
    let row = |i: usize| m[i][0] * rgb[0] + m[i][1] * rgb[1] + m[i][2] * rgb[2];
    Rgb(encoded(row(0)), encoded(row(1)), encoded(row(2)))
}

/// The colour in CIELAB (D65 white): `[L*, a*, b*]`.
pub fn lab(colour: Rgb) -> [f64; 3] {
    let [r, g, b] = linear_rgb(colour);
    // sRGB (D65) to CIE XYZ, scaled by the D65 white point.
    let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
    let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
    let f = |t: f64| {
        const D: f64 = 6.0 / 29.0;
        if t > D * D * D {
            t.cbrt()
        } else {
            t / (3.0 * D * D) + 4.0 / 29.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The CIE76 colour difference ΔE*ab: the distance in CIELAB. About 2.3 is just
/// noticeable side by side; glyphs a cell apart on a map want far more.
pub fn delta_e(a: Rgb, b: Rgb) -> f64 {
    let (a, b) = (lab(a), lab(b));
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}
