//! Valid PNGs of every colour type and bit depth the format allows, from fuzzed pixels:
//! what a painting program may save, so that the targets reach slopegen's reading of
//! pixels rather than the decoder's refusal of broken files.

use arbitrary::Arbitrary;

/// A picture to encode: its size (taken modulo the largest side asked), colour type and
/// depth (taken modulo the valid ones), pixels (repeated to fill the rows), an optional
/// palette and transparency chunk.
#[derive(Clone, Debug, Arbitrary)]
pub struct Picture {
    width: u16,
    height: u16,
    format: u8,
    palette: Vec<u8>,
    transparency: Option<Vec<u8>>,
    pixels: Vec<u8>,
}

/// Every (colour type, bit depth) pair PNG allows.
const FORMATS: [(png::ColorType, png::BitDepth); 15] = {
    use png::BitDepth::*;
    use png::ColorType::*;
    [
        (Grayscale, One),
        (Grayscale, Two),
        (Grayscale, Four),
        (Grayscale, Eight),
        (Grayscale, Sixteen),
        (Rgb, Eight),
        (Rgb, Sixteen),
        (Indexed, One),
        (Indexed, Two),
        (Indexed, Four),
        (Indexed, Eight),
        (GrayscaleAlpha, Eight),
        (GrayscaleAlpha, Sixteen),
        (Rgba, Eight),
        (Rgba, Sixteen),
    ]
};

impl Picture {
    /// The PNG file, at most `max_side` pixels a side.
    pub fn encode(&self, max_side: u16) -> Vec<u8> {
        let width = u32::from(self.width % max_side + 1);
        let height = u32::from(self.height % max_side + 1);
        let (colour, depth) = FORMATS[usize::from(self.format) % FORMATS.len()];
        let bits = colour.samples() * depth as usize;
        let row = (width as usize * bits).div_ceil(8);
        let data: Vec<u8> = if self.pixels.is_empty() {
            vec![0; row * height as usize]
        } else {
            self.pixels
                .iter()
                .copied()
                .cycle()
                .take(row * height as usize)
                .collect()
        };
        let mut file = Vec::new();
        let mut encoder = png::Encoder::new(&mut file, width, height);
        encoder.set_color(colour);
        encoder.set_depth(depth);
        if colour == png::ColorType::Indexed {
            // 1..=2^depth entries of 3 bytes; indices past the palette are the decoder's to refuse
            let entries = (self.palette.len() / 3).clamp(1, 1 << (depth as usize));
            let mut palette = self.palette.clone();
            palette.resize(entries * 3, 0);
            encoder.set_palette(palette);
        }
        if let Some(trns) = &self.transparency {
            let fits = match colour {
                png::ColorType::Indexed => !trns.is_empty() && trns.len() <= 1 << (depth as usize),
                png::ColorType::Grayscale => trns.len() == 2,
                png::ColorType::Rgb => trns.len() == 6,
                _ => false,
            };
            if fits {
                encoder.set_trns(trns.clone());
            }
        }
        let mut writer = encoder.write_header().expect("a valid PNG header");
        writer
            .write_image_data(&data)
            .expect("the rows of a valid PNG");
        writer.finish().expect("a complete PNG");
        file
    }
}
