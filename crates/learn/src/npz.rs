//! `.npz` files: a zip of `.npy` arrays, stored uncompressed, as
//! `numpy.load` reads them. Only what self-play needs: little-endian
//! `f32`, `i32` and `u8` arrays in C order.
//!
//! ```
//! use learn::npz::{read_npz, Array, NpzWriter};
//! let mut bytes = Vec::new();
//! let mut npz = NpzWriter::new(std::io::Cursor::new(&mut bytes));
//! npz.add("value", &Array::F32 { shape: vec![2], data: vec![1.0, -1.0] }).unwrap();
//! npz.finish().unwrap();
//! let arrays = read_npz(std::io::Cursor::new(&bytes)).unwrap();
//! assert_eq!(arrays["value"], Array::F32 { shape: vec![2], data: vec![1.0, -1.0] });
//! ```

use std::collections::BTreeMap;
use std::io::{Read, Seek, Write};

use thiserror::Error;
use zip::write::SimpleFileOptions;
use zip::CompressionMethod;

/// The largest array read from an `.npz`, in bytes.
pub const MAX_ARRAY_BYTES: u64 = 1 << 30;

/// One array and its shape.
#[derive(Clone, Debug, PartialEq)]
pub enum Array {
    /// 32-bit floats.
    F32 {
        /// The shape.
        shape: Vec<usize>,
        /// The values, C order.
        data: Vec<f32>,
    },
    /// 32-bit signed integers.
    I32 {
        /// The shape.
        shape: Vec<usize>,
        /// The values, C order.
        data: Vec<i32>,
    },
    /// Bytes.
    U8 {
        /// The shape.
        shape: Vec<usize>,
        /// The values, C order.
        data: Vec<u8>,
    },
}

impl Array {
    /// The shape.
    pub fn shape(&self) -> &[usize] {
        match self {
            Array::F32 { shape, .. } | Array::I32 { shape, .. } | Array::U8 { shape, .. } => shape,
        }
    }

    fn descr(&self) -> &'static str {
        match self {
            Array::F32 { .. } => "<f4",
            Array::I32 { .. } => "<i4",
            Array::U8 { .. } => "|u1",
        }
    }

    fn len(&self) -> usize {
        match self {
            Array::F32 { data, .. } => data.len(),
            Array::I32 { data, .. } => data.len(),
            Array::U8 { data, .. } => data.len(),
        }
    }
}

/// Why an `.npz` could not be written or read.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum NpzError {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The zip container is broken.
    #[error("bad zip: {0}")]
    Zip(#[from] zip::result::ZipError),
    /// An array's data does not fill its shape.
    #[error("array {name}: {values} values for shape {shape:?}")]
    Shape {
        /// The array.
        name: String,
        /// Its shape.
        shape: Vec<usize>,
        /// The number of values given.
        values: usize,
    },
    /// A `.npy` entry this reader does not read.
    #[error("array {name}: {reason}; expected a little-endian f4, i4 or u1 array in C order")]
    Npy {
        /// The entry.
        name: String,
        /// What is wrong.
        reason: String,
    },
}

/// The `.npy` bytes of `array` (format 1.0).
pub fn npy_bytes(array: &Array) -> Vec<u8> {
    let shape = array.shape();
    let dims = match shape.len() {
        1 => format!("({},)", shape[0]),
        _ => format!(
            "({})",
            shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
        ),
    };
    let mut header = format!(
        "{{'descr': '{}', 'fortran_order': False, 'shape': {dims}, }}",
        array.descr()
    );
    // Magic (6) + version (2) + length (2) + header, padded to 64 with a
    // final newline, as the format asks.
    let unpadded = 10 + header.len() + 1;
    header.push_str(&" ".repeat((64 - unpadded % 64) % 64));
    header.push('\n');
    let mut out = Vec::with_capacity(10 + header.len() + array.len() * 4);
    out.extend_from_slice(b"\x93NUMPY\x01\x00");
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    match array {
        Array::F32 { data, .. } => data.iter().for_each(|v| out.extend_from_slice(&v.to_le_bytes())),
        Array::I32 { data, .. } => data.iter().for_each(|v| out.extend_from_slice(&v.to_le_bytes())),
        Array::U8 { data, .. } => out.extend_from_slice(data),
    }
    out
}

/// Writes arrays into an `.npz`.
pub struct NpzWriter<W: Write + Seek> {
    zip: zip::ZipWriter<W>,
}

impl<W: Write + Seek> NpzWriter<W> {
    /// A writer into `out`.
    pub fn new(out: W) -> NpzWriter<W> {
        NpzWriter {
            zip: zip::ZipWriter::new(out),
        }
    }

    /// Adds `array` as `NAME.npy`.
    pub fn add(&mut self, name: &str, array: &Array) -> Result<(), NpzError> {
        let expected: usize = array.shape().iter().product();
        if expected != array.len() {
            return Err(NpzError::Shape {
                name: name.to_owned(),
                shape: array.shape().to_vec(),
                values: array.len(),
            });
        }
        let options = SimpleFileOptions::default()
            .compression_method(CompressionMethod::Stored)
            .large_file(array.len() * 4 > u32::MAX as usize / 2);
        self.zip.start_file(format!("{name}.npy"), options)?;
        self.zip.write_all(&npy_bytes(array))?;
        Ok(())
    }

    /// Writes the zip's directory; returns the output.
    pub fn finish(self) -> Result<W, NpzError> {
        Ok(self.zip.finish()?)
    }
}

fn parse_npy(name: &str, bytes: &[u8]) -> Result<Array, NpzError> {
    let bad = |reason: &str| NpzError::Npy {
        name: name.to_owned(),
        reason: reason.to_owned(),
    };
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" || bytes[6] != 1 {
        return Err(bad("not a version 1 .npy"));
    }
    let header_len = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
    let header = bytes
        .get(10..10 + header_len)
        .and_then(|h| std::str::from_utf8(h).ok())
        .ok_or_else(|| bad("a truncated header"))?;
    let data = &bytes[10 + header_len..];
    if !header.contains("'fortran_order': False") {
        return Err(bad("Fortran order"));
    }
    let shape_text = header
        .split("'shape': (")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .ok_or_else(|| bad("no shape"))?;
    let shape: Vec<usize> = shape_text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().map_err(|_| bad("a shape that is not whole numbers")))
        .collect::<Result<_, _>>()?;
    let count = shape
        .iter()
        .try_fold(1usize, |a, &d| a.checked_mul(d))
        .ok_or_else(|| bad("a shape too large"))?;
    let words = |size: usize| -> Result<Vec<[u8; 4]>, NpzError> {
        if data.len() != count * size {
            return Err(bad("data that does not fill the shape"));
        }
        Ok(data.chunks_exact(4).map(|c| [c[0], c[1], c[2], c[3]]).collect())
    };
    if header.contains("'descr': '<f4'") {
        let data = words(4)?.into_iter().map(f32::from_le_bytes).collect();
        Ok(Array::F32 { shape, data })
    } else if header.contains("'descr': '<i4'") {
        let data = words(4)?.into_iter().map(i32::from_le_bytes).collect();
        Ok(Array::I32 { shape, data })
    } else if header.contains("'descr': '|u1'") {
        if data.len() != count {
            return Err(bad("data that does not fill the shape"));
        }
        Ok(Array::U8 {
            shape,
            data: data.to_vec(),
        })
    } else {
        Err(bad("another dtype"))
    }
}

/// Reads every array of an `.npz` (each at most [`MAX_ARRAY_BYTES`]),
/// by name without `.npy`.
pub fn read_npz<R: Read + Seek>(input: R) -> Result<BTreeMap<String, Array>, NpzError> {
    let mut zip = zip::ZipArchive::new(input)?;
    let mut arrays = BTreeMap::new();
    for i in 0..zip.len() {
        let entry = zip.by_index(i)?;
        let name = entry.name().trim_end_matches(".npy").to_owned();
        if entry.size() > MAX_ARRAY_BYTES {
            return Err(NpzError::Npy {
                name,
                reason: format!("{} bytes, more than the {MAX_ARRAY_BYTES} accepted", entry.size()),
            });
        }
        let mut bytes = Vec::with_capacity(entry.size() as usize);
        entry.take(MAX_ARRAY_BYTES).read_to_end(&mut bytes)?;
        let array = parse_npy(&name, &bytes)?;
        arrays.insert(name, array);
    }
    Ok(arrays)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn arrays_round_trip_and_headers_align() {
        let arrays = [
            (
                "obs",
                Array::F32 {
                    shape: vec![2, 3, 1, 2],
                    data: (0..12).map(|i| i as f32 / 3.0).collect(),
                },
            ),
            (
                "ply",
                Array::I32 {
                    shape: vec![3],
                    data: vec![-1, 0, 7],
                },
            ),
            (
                "legal",
                Array::U8 {
                    shape: vec![2, 2],
                    data: vec![0, 1, 1, 0],
                },
            ),
        ];
        let mut bytes = Vec::new();
        let mut npz = NpzWriter::new(Cursor::new(&mut bytes));
        for (name, a) in &arrays {
            assert_eq!(
                (npy_bytes(a).len() - a.len() * if matches!(a, Array::U8 { .. }) { 1 } else { 4 }) % 64,
                0
            );
            npz.add(name, a).unwrap();
        }
        npz.finish().unwrap();
        let back = read_npz(Cursor::new(&bytes)).unwrap();
        for (name, a) in &arrays {
            assert_eq!(&back[*name], a);
        }
    }

    #[test]
    fn a_short_array_is_refused() {
        let mut npz = NpzWriter::new(Cursor::new(Vec::new()));
        let err = npz
            .add(
                "x",
                &Array::F32 {
                    shape: vec![3],
                    data: vec![1.0],
                },
            )
            .unwrap_err();
        assert!(matches!(err, NpzError::Shape { values: 1, .. }), "{err}");
        assert!(read_npz(Cursor::new(b"not a zip".to_vec())).is_err());
    }
}
