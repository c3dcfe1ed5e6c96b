//! A monotonic clock for searches on every target.
//!
//! [`Instant`] is `std::time::Instant` wherever the platform has a clock.
//! On WebAssembly without an operating system (`wasm32-unknown-unknown`),
//! where std's `Instant::now` panics, it is a small stand-in read from a
//! clock the embedder installs once with [`set_clock`] (a browser page
//! passes `performance.now()`). Until one is installed time stands still
//! there: time budgets never run out, so searches need an iteration
//! budget.
//!
//! ```
//! use abstracta_core::time::{set_clock, Instant};
//! use std::time::Duration;
//!
//! let start = Instant::now();
//! let later = start + Duration::from_millis(5);
//! assert!(later > start);
//! // Native targets read the operating system's clock: nothing to install.
//! assert!(!set_clock(|| 0.0));
//! ```

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

/// Installs the clock [`Instant::now`] reads on `wasm32-unknown-unknown`:
/// a function giving milliseconds since any fixed origin, never going
/// back. Returns whether it was installed: `false` on targets with their
/// own clock, and when a clock was installed before.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub fn set_clock(_milliseconds: fn() -> f64) -> bool {
    false
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use self::installed::{set_clock, Instant};

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod installed {
    use std::ops::{Add, AddAssign, Sub, SubAssign};
    use std::sync::OnceLock;
    use std::time::Duration;

    static CLOCK: OnceLock<fn() -> f64> = OnceLock::new();

    /// Installs the clock [`Instant::now`] reads: milliseconds since any
    /// fixed origin, never going back. Returns whether it was installed
    /// (`false` when a clock was installed before).
    pub fn set_clock(milliseconds: fn() -> f64) -> bool {
        CLOCK.set(milliseconds).is_ok()
    }

    /// A point in time read from the installed clock (the origin when none
    /// is installed), with the parts of `std::time::Instant`'s interface
    /// the searches use.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant(Duration);

    impl Instant {
        /// Now, by the installed clock.
        pub fn now() -> Instant {
            let ms = CLOCK.get().map_or(0.0, |clock| clock());
            Instant(Duration::from_secs_f64(ms.max(0.0) / 1000.0))
        }

        /// The time since this instant.
        pub fn elapsed(&self) -> Duration {
            Instant::now().saturating_duration_since(*self)
        }

        /// The time from `earlier` to this instant (zero if `earlier` is
        /// later).
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }

        /// The time from `earlier` to this instant, zero if `earlier` is
        /// later.
        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            self.0.saturating_sub(earlier.0)
        }

        /// The time from `earlier` to this instant, if `earlier` is not
        /// later.
        pub fn checked_duration_since(&self, earlier: Instant) -> Option<Duration> {
            self.0.checked_sub(earlier.0)
        }

        /// This instant moved `d` later, if representable.
        pub fn checked_add(&self, d: Duration) -> Option<Instant> {
            self.0.checked_add(d).map(Instant)
        }

        /// This instant moved `d` earlier, if representable.
        pub fn checked_sub(&self, d: Duration) -> Option<Instant> {
            self.0.checked_sub(d).map(Instant)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d)
        }
    }

    impl AddAssign<Duration> for Instant {
        fn add_assign(&mut self, d: Duration) {
            self.0 += d;
        }
    }

    impl Sub<Duration> for Instant {
        type Output = Instant;
        fn sub(self, d: Duration) -> Instant {
            Instant(self.0.saturating_sub(d))
        }
    }

    impl SubAssign<Duration> for Instant {
        fn sub_assign(&mut self, d: Duration) {
            self.0 = self.0.saturating_sub(d);
        }
    }

    impl Sub<Instant> for Instant {
        type Output = Duration;
        fn sub(self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }
    }
}
