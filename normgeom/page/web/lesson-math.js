/* The one-vector lesson in JavaScript: the same float64 operations, in the same order, as
 * normmath (norms.py, stats.py, lesson.py), so every number equals `normgeom explain`.
 *
 * RMSNorm(x) = gain * x / sqrt(mean(x^2) + eps); LayerNorm(x) = gain * (x - mean) /
 * sqrt(variance + eps), population variance, epsilon inside the square root. A zero
 * denominator is undefined (null), whatever the gain. Each row is divided by a power of two
 * near its largest magnitude (and eps by its square) before squaring, so squares neither
 * overflow nor vanish; a statistic beyond the float64 range is null and named in `overflow`;
 * one nonzero but below the normal float64 range (about 2.2e-308) keeps its nearest float and
 * is named in `underflow` (per row for square and centered), as normmath.lesson does.
 * display() rounds to six decimals as normmath.display does (ties to even, exactly).
 *
 * The explorer's geometry is here too, as normmath.geometry has it: lengths and directions
 * measured on the row scaled by a power of two (exact for any finite vector), the sphere of
 * radius |g|·√n, the poles ±g·(1, …, 1) and the affine map γ ⊙ p + β.
 */
"use strict";

const LessonMath = (() => {
  const POSITIVE = [1, 2, 3];
  const SCIENTIFIC_FROM = 1e15;
  const SMALLEST_NORMAL = 2 ** -1022;
  const UNDERFLOWING = ["square", "centered", "mean", "mean_square", "rms", "variance", "rms_denominator", "ln_denominator"];
  const bits = new DataView(new ArrayBuffer(8));

  /** numpy.frexp's exponent: x = m * 2**e with 0.5 <= m < 1 (0 for x = 0). */
  function frexpExponent(x) {
    if (x === 0) return 0;
    bits.setFloat64(0, x);
    const biased = (bits.getUint16(0) >> 4) & 0x7ff;
    return biased === 0 ? frexpExponent(x * 2 ** 64) - 64 : biased - 1022;
  }

  /** normmath.row_scale: a power of two s with max(max|x|, sqrt(eps)) / s in [1, 2). */
  function rowScale(x, eps) {
    const reach = Math.max(Math.max(...x.map(Math.abs)), Math.sqrt(eps));
    return 2 ** (frexpExponent(reach) - 1);
  }

  const isConstant = (y) => y.every((v) => v === y[0]);
  const sum = (y) => y.reduce((a, b) => a + b, 0);
  const unitMean = (y) => (isConstant(y) ? y[0] : sum(y) / y.length);
  const unitCentered = (y) => {
    if (isConstant(y)) return y.map(() => 0);
    const mean = unitMean(y);
    return y.map((v) => v - mean);
  };

  /** The scaled row (centered or not), mean(y^2) + eps / s^2, and the scale s. */
  function parts(x, eps, centered) {
    const scale = rowScale(x, eps);
    let y = x.map((v) => v / scale);
    if (centered) y = unitCentered(y);
    const squared = sum(y.map((v) => v * v)) / y.length + eps / scale / scale;
    return { y, squared, scale };
  }

  const rowMean = (x) => {
    const scale = rowScale(x, 0);
    return unitMean(x.map((v) => v / scale)) * scale;
  };

  /** sqrt(variance + eps) (centered) or sqrt(mean square + eps). */
  const denominator = (x, eps, centered) => {
    const { squared, scale } = parts(x, eps, centered);
    return Math.sqrt(squared) * scale;
  };

  /** The variance (centered) or mean square; null beyond the float64 range. */
  const squareOrOverflow = (x, centered) => {
    const { squared, scale } = parts(x, 0, centered);
    const value = squared * scale * scale;
    return Number.isFinite(value) ? value : null;
  };

  /** Gained outputs of one rule, or null where the denominator is zero. */
  function normalize(x, gain, eps, centered) {
    const defined = centered ? eps > 0 || !isConstant(x) : eps > 0 || x.some((v) => v !== 0);
    if (!defined) return null;
    const { y, squared } = parts(x, eps, centered);
    const root = squared > 0 ? Math.sqrt(squared) : 1;
    const out = y.map((v) => ((squared > 0 ? v : 0) / root) * gain + 0);
    if (!out.every(Number.isFinite)) {
      throw new RangeError("gain: the outputs gain × normalized exceed the float64 range");
    }
    return out;
  }

  const outputMean = (out) => (out === null ? null : rowMean(out));
  const outputRms = (out) => (out === null ? null : denominator(out, 0, false));
  const finite = (v) => (Number.isFinite(v) ? v : null);

  /** Every number of the lesson: {statistics, rows, overflow, rmsDefined, lnDefined}.
   *  Throws RangeError when a gained output lies beyond the float64 range. */
  function lesson(x, gain, eps) {
    const rms = normalize(x, gain, eps, false);
    const ln = normalize(x, gain, eps, true);
    const reference = x.length === POSITIVE.length;
    const refRms = reference ? normalize(POSITIVE, gain, eps, false) : null;
    const refLn = reference ? normalize(POSITIVE, gain, eps, true) : null;
    const mean = rowMean(x);
    const statistics = {
      mean,
      mean_square: squareOrOverflow(x, false),
      rms: denominator(x, 0, false),
      variance: squareOrOverflow(x, true),
      rms_denominator: denominator(x, eps, false),
      ln_denominator: denominator(x, eps, true),
      rms_output_mean: outputMean(rms),
      ln_output_mean: outputMean(ln),
      rms_output_rms: outputRms(rms),
      ln_output_rms: outputRms(ln),
    };
    const at = (out, i) => (out === null ? null : out[i]);
    const rows = x.map((v, i) => ({
      coordinate: `x${i + 1}`,
      input: v,
      square: finite(v * v),
      centered: finite(v - mean),
      rms_output: at(rms, i),
      ln_output: at(ln, i),
      rms_reference: at(refRms, i),
      ln_reference: at(refLn, i),
    }));
    const overflow = [];
    if (rows.some((r) => r.square === null)) overflow.push("square");
    if (rows.some((r) => r.centered === null)) overflow.push("centered");
    if (statistics.mean_square === null) overflow.push("mean_square");
    if (statistics.variance === null) overflow.push("variance");
    const tiny = underflowed(x, eps, statistics, rows);
    rows.forEach((row, i) => {
      row.underflow = ["square", "centered"].filter((key) => tiny[key][i]);
    });
    const underflow = UNDERFLOWING.filter((key) => (Array.isArray(tiny[key]) ? tiny[key].some(Boolean) : tiny[key]));
    return { x, gain, eps, statistics, rows, overflow, underflow, rmsDefined: rms !== null, lnDefined: ln !== null };
  }

  /** normmath.lesson._underflowed: per key of UNDERFLOWING, whether the value is nonzero (read
   *  exactly on the row divided by its power-of-two scale) while its float lies below
   *  SMALLEST_NORMAL; an array per coordinate for square and centered. */
  function underflowed(x, eps, statistics, rows) {
    const scale = rowScale(x, 0);
    const y = x.map((v) => v / scale);
    const unit = {
      mean: rowMean(y),
      mean_square: squareOrOverflow(y, false),
      rms: denominator(y, 0, false),
      variance: squareOrOverflow(y, true),
    };
    const small = (value) => value !== null && Math.abs(value) < SMALLEST_NORMAL;
    const found = {
      square: x.map((v) => v !== 0 && small(v * v)),
      centered: rows.map((row, i) => y[i] - unit.mean !== 0 && small(x[i] - statistics.mean)),
      rms_denominator: (unit.mean_square !== 0 || eps > 0) && small(statistics.rms_denominator),
      ln_denominator: (unit.variance !== 0 || eps > 0) && small(statistics.ln_denominator),
    };
    for (const key of ["mean", "mean_square", "rms", "variance"]) found[key] = unit[key] !== 0 && small(statistics[key]);
    return found;
  }

  /** The Euclidean length of v as normmath measures it: √n · RMS, the RMS taken on v / s
   *  (s: its power-of-two scale) so no square overflows or vanishes; null when the length
   *  itself is beyond the float64 range. */
  function length(v) {
    const value = denominator(v, 0, false) * Math.sqrt(v.length);
    return Number.isFinite(value) ? value : null;
  }

  /** v / |v|, exact in direction for any finite nonzero v; null for the zero vector. */
  function direction(v) {
    if (v.every((c) => c === 0)) return null;
    const scale = rowScale(v, 0);
    const y = v.map((c) => c / scale);
    const norm = Math.sqrt(sum(y.map((c) => c * c)));
    return y.map((c) => c / norm);
  }

  /** normmath: |g| · sphere_radius(n) = |g| · √n, where both outputs lie at epsilon 0. */
  const sphereRadius = (gain, n) => Math.abs(gain) * Math.sqrt(n);

  /** normmath.collapse_poles(n) times the gain: the rows g·(1, …, 1) and −g·(1, …, 1). */
  const poles = (gain, n) => [Array(n).fill(gain), Array(n).fill(-gain)];

  /** normmath.apply_affine: γ ⊙ p + β for each point p (the ellipsoid's image of a sphere). */
  const affine = (points, gamma, beta) => points.map((p) => p.map((v, i) => v * gamma[i] + beta[i]));

  /** |x| as an exact decimal: digits / 10**scale (BigInt digits). */
  function exactDecimal(x) {
    bits.setFloat64(0, Math.abs(x));
    const high = bits.getUint32(0);
    const biased = (high >>> 20) & 0x7ff;
    let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(bits.getUint32(4));
    let exponent = biased === 0 ? -1074 : biased - 1075;
    if (biased !== 0) mantissa |= 1n << 52n;
    if (exponent >= 0) return { digits: mantissa << BigInt(exponent), scale: 0 };
    return { digits: mantissa * 5n ** BigInt(-exponent), scale: -exponent };
  }

  /** digits / 10**scale rounded to `places` decimals (ties to even), as an integer count of
   *  10**-places; places may be negative. */
  function roundHalfEven(digits, scale, places) {
    const shift = scale - places;
    if (shift <= 0) return digits * 10n ** BigInt(-shift);
    const unit = 10n ** BigInt(shift);
    const quotient = digits / unit;
    const twice = 2n * (digits % unit);
    const up = twice > unit || (twice === unit && quotient % 2n === 1n);
    return up ? quotient + 1n : quotient;
  }

  /** Six decimals without trailing zeros, as normmath.display; null -> "Undefined";
   *  from 1e15 on, scientific notation with six decimals. */
  function display(value) {
    if (value === null) return "Undefined";
    const sign = value < 0 ? "-" : "";
    const { digits, scale } = exactDecimal(value);
    if (Math.abs(value) >= SCIENTIFIC_FROM) {
      let power = digits.toString().length - 1 - scale;
      let kept = roundHalfEven(digits, scale, 6 - power);
      if (kept.toString().length > 7) {
        power += 1;
        kept = roundHalfEven(digits, scale, 6 - power);
      }
      const text = kept.toString();
      const mantissa = `${text[0]}.${text.slice(1)}`.replace(/\.?0+$/, "");
      const exponent = `${power < 0 ? "-" : "+"}${String(Math.abs(power)).padStart(2, "0")}`;
      return `${sign}${mantissa}e${exponent}`;
    }
    const units = roundHalfEven(digits, scale, 6);
    if (units === 0n) return "0";
    const text = units.toString().padStart(7, "0");
    const fixed = `${text.slice(0, -6)}.${text.slice(-6)}`.replace(/\.?0+$/, "");
    return sign + fixed;
  }

  return { POSITIVE, SMALLEST_NORMAL, lesson, display, length, direction, sphereRadius, poles, affine, rowScale };
})();

if (typeof module !== "undefined") module.exports = LessonMath;
