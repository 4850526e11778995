/*
 * A QEMU TCG plugin that counts executed guest instructions and records the count each
 * time the guest enters one address (a marker function of the firmware bench).
 *
 *   qemu-system-arm ... -plugin ./libinsn_count.so,mark=0x1234,out=marks.txt[,blocks=FILE]
 *
 * Every translated block adds its instruction count to a global counter each time it
 * runs (an inline add, no call). A block that starts at `mark` also calls back on entry,
 * and the callback appends the counter (which already includes that block) to a list.
 * At exit the list goes to `out`, one count per line (to stderr without `out`).
 *
 * With `blocks=FILE`, each translated block also counts its executions, and at exit FILE
 * gets one line per block: its address, its instructions, its executions (a block
 * translated more than once has several lines): a profile by address.
 *
 * QEMU 7.2 (plugin API version 1) installs no header for plugins: the few declarations
 * used are written out below, as that version's qemu-plugin.h has them.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- from QEMU 7.2's include/qemu/qemu-plugin.h ---- */
#define QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))
#define QEMU_PLUGIN_VERSION 1

typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t; /* only passed through */
struct qemu_plugin_tb;

enum qemu_plugin_cb_flags {
    QEMU_PLUGIN_CB_NO_REGS,
    QEMU_PLUGIN_CB_R_REGS,
    QEMU_PLUGIN_CB_RW_REGS,
};

enum qemu_plugin_op {
    QEMU_PLUGIN_INLINE_ADD_U64,
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb, enum qemu_plugin_op op,
                                              void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
/* ---- end of the declarations ---- */

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

/* Marks recorded at most: the firmware bench makes a few dozen. */
#define MAX_MARKS 4096

static uint64_t executed;
static uint64_t mark_addr;
static bool have_mark;
static uint64_t marks[MAX_MARKS];
static size_t n_marks;
static bool overflow;
static const char *out_path;

/* The profile by block (`blocks=FILE`): one entry per translation, each allocated on its
   own so that the inline counters' addresses stay put. */
struct block {
    uint64_t vaddr;
    uint64_t n_insns;
    uint64_t executions;
};
static struct block **blocks;
static size_t n_blocks, cap_blocks;
static const char *blocks_path;

static struct block *new_block(uint64_t vaddr, uint64_t n_insns)
{
    if (n_blocks == cap_blocks) {
        size_t cap = cap_blocks ? 2 * cap_blocks : 4096;
        struct block **grown = realloc(blocks, cap * sizeof *blocks);
        if (!grown) {
            return NULL;
        }
        blocks = grown;
        cap_blocks = cap;
    }
    struct block *b = calloc(1, sizeof *b);
    if (b) {
        b->vaddr = vaddr;
        b->n_insns = n_insns;
        blocks[n_blocks++] = b;
    }
    return b;
}

static void on_mark(unsigned int vcpu_index, void *userdata)
{
    (void)vcpu_index;
    (void)userdata;
    if (n_marks < MAX_MARKS) {
        marks[n_marks++] = executed;
    } else {
        overflow = true;
    }
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &executed,
                                             qemu_plugin_tb_n_insns(tb));
    if (blocks_path) {
        struct block *b = new_block(qemu_plugin_tb_vaddr(tb), qemu_plugin_tb_n_insns(tb));
        if (!b) {
            fprintf(stderr, "insn_count: out of memory for the profile\n");
            abort();
        }
        qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &b->executions, 1);
    }
    if (have_mark && qemu_plugin_tb_vaddr(tb) == mark_addr) {
        qemu_plugin_register_vcpu_tb_exec_cb(tb, on_mark, QEMU_PLUGIN_CB_NO_REGS, NULL);
    }
}

static void on_atexit(qemu_plugin_id_t id, void *userdata)
{
    (void)id;
    (void)userdata;
    FILE *out = out_path ? fopen(out_path, "w") : stderr;
    if (!out) {
        perror(out_path);
        return;
    }
    fprintf(out, "executed %" PRIu64 "\n", executed);
    for (size_t i = 0; i < n_marks; i++) {
        fprintf(out, "mark %" PRIu64 "\n", marks[i]);
    }
    if (overflow) {
        fprintf(out, "overflow: more than %d marks\n", MAX_MARKS);
    }
    if (out != stderr) {
        fclose(out);
    }
    if (blocks_path) {
        FILE *profile = fopen(blocks_path, "w");
        if (!profile) {
            perror(blocks_path);
            return;
        }
        for (size_t i = 0; i < n_blocks; i++) {
            const struct block *b = blocks[i];
            fprintf(profile, "%08" PRIx64 " %" PRIu64 " %" PRIu64 "\n", b->vaddr, b->n_insns,
                    b->executions);
        }
        fclose(profile);
    }
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                           char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (strncmp(arg, "mark=", 5) == 0) {
            char *end;
            mark_addr = strtoull(arg + 5, &end, 0) & ~(uint64_t)1; /* Thumb bit off */
            have_mark = *end == '\0' && end != arg + 5;
            if (!have_mark) {
                fprintf(stderr, "insn_count: bad address in %s\n", arg);
                return -1;
            }
        } else if (strncmp(arg, "out=", 4) == 0) {
            out_path = strdup(arg + 4);
        } else if (strncmp(arg, "blocks=", 7) == 0) {
            blocks_path = strdup(arg + 7);
        } else {
            fprintf(stderr, "insn_count: unknown argument %s (mark=ADDR, out=FILE, blocks=FILE)\n", arg);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, on_atexit, NULL);
    return 0;
}
