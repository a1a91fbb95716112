/* Why this exists: see include/cpu_features.h. */
#include "cpu_features.h"

#if defined(__x86_64__)
#include <cpuid.h>

static unsigned long long xgetbv0(void) {
    unsigned int eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((unsigned long long)edx << 32) | eax;
}

int cp_cpu_supports_x86_64_v3(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    int fma = (ecx >> 12) & 1, movbe = (ecx >> 22) & 1, osxsave = (ecx >> 27) & 1, avx = (ecx >> 28) & 1, f16c = (ecx >> 29) & 1;
    if (!(fma && movbe && osxsave && avx && f16c)) return 0;
    /* The OS saves the YMM state (XCR0 bits 1 and 2). */
    if ((xgetbv0() & 0x6) != 0x6) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    int bmi1 = (ebx >> 3) & 1, avx2 = (ebx >> 5) & 1, bmi2 = (ebx >> 8) & 1;
    if (!(bmi1 && avx2 && bmi2)) return 0;
    if (!__get_cpuid(0x80000001, &eax, &ebx, &ecx, &edx)) return 0;
    int lzcnt = (ecx >> 5) & 1;
    return lzcnt;
}

int cp_cpu_supports_x86_64_v4(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!cp_cpu_supports_x86_64_v3()) return 0;
    /* The OS saves the AVX-512 state too: opmask, ZMM_Hi256 and Hi16_ZMM (XCR0 bits 5 to 7). */
    if ((xgetbv0() & 0xe6) != 0xe6) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    int f = (ebx >> 16) & 1, dq = (ebx >> 17) & 1, cd = (ebx >> 28) & 1, bw = (ebx >> 30) & 1, vl = (ebx >> 31) & 1;
    return f && dq && cd && bw && vl;
}
#else
int cp_cpu_supports_x86_64_v3(void) { return 0; }
int cp_cpu_supports_x86_64_v4(void) { return 0; }
#endif
