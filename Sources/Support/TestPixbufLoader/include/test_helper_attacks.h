/* Why this exists: the test loader's stand-ins for a compromised helper (see test_helper_attacks.c). */
#ifndef CLASSIC_PHOTOS_TEST_HELPER_ATTACKS_H
#define CLASSIC_PHOTOS_TEST_HELPER_ATTACKS_H
#include <stddef.h>

/* Send the app 64 forged replies (ids 1 to 64), each with `side` × `side` RGBA pixels. */
void cpt_forge_pixels(int side);
/* Write 3 GiB into a memfd: 0, or -errno when refused (a helper past RLIMIT_FSIZE is killed). */
int cpt_write_huge_memfd(void);
/* Grow the memfd the app sent the photo in (`length` bytes) by 32 MB of written pages: 0 or -errno. */
int cpt_grow_input(size_t length);
/* Fork a child that sleeps two minutes: 0, or -errno when refused. */
int cpt_fork_child(void);
/* Where the test asks for it, sit between the helper and the app from now on, rewriting the
 * files it hands back (once, at the helper's start, while sockets may still be made). */
void cpt_tamper_if_asked(void);
/* Whether it sits between the helper and the app now. */
int cpt_tampering(void);
#endif
