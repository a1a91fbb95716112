// Why this exists: the CPU's code levels (cpuid and xgetbv, in C) as Swift values, asked once, so the pipeline picks its sepia kernel without calling C itself.
import CCPUFeatures

public enum CPUFeatures {
    /// AVX, AVX2, BMI1, BMI2, F16C, FMA, LZCNT and MOVBE, with the OS saving AVX state.
    public static let x86_64_v3 = cp_cpu_supports_x86_64_v3() != 0
    /// x86-64-v3 and AVX-512 F, BW, CD, DQ, VL.
    public static let x86_64_v4 = cp_cpu_supports_x86_64_v4() != 0
}
