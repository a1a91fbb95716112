/* Why this exists: which code paths this CPU can run, asked once (cpuid, and xgetbv for the OS's AVX state). */
#ifndef CLASSIC_PHOTOS_CPU_FEATURES_H
#define CLASSIC_PHOTOS_CPU_FEATURES_H

/* 1 if the CPU and the OS support x86-64-v3: AVX, AVX2, BMI1, BMI2, F16C, FMA, LZCNT, MOVBE. */
int cp_cpu_supports_x86_64_v3(void);

/* 1 if the CPU and the OS support x86-64-v4: x86-64-v3 and AVX-512 F, BW, CD, DQ, VL. */
int cp_cpu_supports_x86_64_v4(void);

#endif
