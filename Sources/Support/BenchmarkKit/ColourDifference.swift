// Why this exists: how far apart two sRGB colours look, as CIEDE2000 (ΔE00) in CIELAB (D65), the measure colour accuracy targets are given in.
import Foundation

public enum ColourDifference {
    /// CIELAB (D65 white) of an 8-bit sRGB colour.
    public static func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (l: Double, a: Double, b: Double) {
        func linear(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (rl, gl, bl) = (linear(r), linear(g), linear(b))
        let x = (0.4124564 * rl + 0.3575761 * gl + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * rl + 0.7151522 * gl + 0.0721750 * bl
        let z = (0.0193339 * rl + 0.1191920 * gl + 0.9503041 * bl) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// CIEDE2000 between two CIELAB colours (Sharma, Wu and Dalal's formulation).
    public static func deltaE2000(_ one: (l: Double, a: Double, b: Double), _ two: (l: Double, a: Double, b: Double)) -> Double {
        let c1 = hypot(one.a, one.b), c2 = hypot(two.a, two.b)
        let meanC = (c1 + c2) / 2
        let g = 0.5 * (1 - sqrt(pow(meanC, 7) / (pow(meanC, 7) + pow(25, 7))))
        let a1 = (1 + g) * one.a, a2 = (1 + g) * two.a
        let cp1 = hypot(a1, one.b), cp2 = hypot(a2, two.b)
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(one.b, a1), h2 = hue(two.b, a2)
        let dL = two.l - one.l, dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * sqrt(cp1 * cp2) * sin(dh * .pi / 360)
        let meanL = (one.l + two.l) / 2, meanCp = (cp1 + cp2) / 2
        var meanH = h1 + h2
        if cp1 * cp2 != 0 {
            if abs(h1 - h2) <= 180 { meanH /= 2 } else if h1 + h2 < 360 { meanH = (meanH + 360) / 2 } else { meanH = (meanH - 360) / 2 }
        }
        func rad(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let t = 1 - 0.17 * cos(rad(meanH - 30)) + 0.24 * cos(rad(2 * meanH)) + 0.32 * cos(rad(3 * meanH + 6)) - 0.20 * cos(rad(4 * meanH - 63))
        let sl = 1 + 0.015 * pow(meanL - 50, 2) / sqrt(20 + pow(meanL - 50, 2))
        let sc = 1 + 0.045 * meanCp, sh = 1 + 0.015 * meanCp * t
        let rt = -2 * sqrt(pow(meanCp, 7) / (pow(meanCp, 7) + pow(25, 7))) * sin(rad(60 * exp(-pow((meanH - 275) / 25, 2))))
        return sqrt(pow(dL / sl, 2) + pow(dC / sc, 2) + pow(dH / sh, 2) + rt * (dC / sc) * (dH / sh))
    }
}
