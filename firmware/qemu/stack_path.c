/*
 * A QEMU TCG plugin that finds the deepest stack a firmware reaches and the calls that
 * reach it: from the first time the guest enters one address (`start`, the function whose
 * calls are measured) until it first enters another (`stop`, what runs after them), it
 * watches every store into RAM, and when a store goes lower than any before, it keeps the
 * addresses of the last translated blocks run up to it. At exit it writes the lowest
 * address stored to, then those block addresses, oldest first, to `out`: `stack.sh`
 * replays them into the chain of calls open at that store.
 *
 *   qemu-system-arm ... -plugin ./libstack_path.so,start=0x1234,stop=0x5678,out=path.txt
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
struct qemu_plugin_insn;
typedef uint32_t qemu_plugin_meminfo_t;

enum qemu_plugin_cb_flags {
    QEMU_PLUGIN_CB_NO_REGS,
    QEMU_PLUGIN_CB_R_REGS,
    QEMU_PLUGIN_CB_RW_REGS,
};

enum qemu_plugin_mem_rw {
    QEMU_PLUGIN_MEM_R = 1,
    QEMU_PLUGIN_MEM_W,
    QEMU_PLUGIN_MEM_RW,
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu_index, qemu_plugin_meminfo_t info,
                                          uint64_t vaddr, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_mem_cb_t cb,
                                      enum qemu_plugin_cb_flags flags, enum qemu_plugin_mem_rw rw,
                                      void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);
/* ---- end of the declarations ---- */

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

/* RAM of the boards the firmware runs on (the micro:bit's 16 KiB, the AN385's 4 MiB). */
#define RAM_START 0x20000000u
#define RAM_END 0x20400000u
/* Blocks kept before the deepest store: enough to replay every call still open. */
#define RING 16384

static uint64_t start_addr, stop_addr;
static bool started, stopped;
static const char *out_path;
static uint64_t ring[RING];
static uint64_t ran;
static uint64_t deepest[RING];
static size_t n_deepest;
static uint64_t lowest = UINT64_MAX;
static uint64_t lowest_pc;

static void on_block(unsigned int vcpu_index, void *userdata)
{
    (void)vcpu_index;
    uint64_t vaddr = (uint64_t)(uintptr_t)userdata;
    if (!started && vaddr == start_addr) {
        started = true;
    }
    if (started && vaddr == stop_addr) {
        stopped = true;
    }
    ring[ran++ % RING] = vaddr;
}

static void on_store(unsigned int vcpu_index, qemu_plugin_meminfo_t info, uint64_t vaddr,
                     void *userdata)
{
    (void)vcpu_index;
    /* (QEMU 7.2 calls back on loads too, whatever the filter says.) */
    if (!qemu_plugin_mem_is_store(info) || !started || stopped || vaddr < RAM_START || vaddr >= RAM_END || vaddr >= lowest) {
        return;
    }
    lowest = vaddr;
    lowest_pc = (uint64_t)(uintptr_t)userdata;
    n_deepest = ran < RING ? (size_t)ran : RING;
    for (size_t i = 0; i < n_deepest; i++) {
        deepest[i] = ring[(ran - n_deepest + i) % RING];
    }
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    uint64_t vaddr = qemu_plugin_tb_vaddr(tb);
    qemu_plugin_register_vcpu_tb_exec_cb(tb, on_block, QEMU_PLUGIN_CB_NO_REGS,
                                         (void *)(uintptr_t)vaddr);
    size_t n = qemu_plugin_tb_n_insns(tb);
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        qemu_plugin_register_vcpu_mem_cb(insn, on_store, QEMU_PLUGIN_CB_NO_REGS,
                                         QEMU_PLUGIN_MEM_W,
                                         (void *)(uintptr_t)qemu_plugin_insn_vaddr(insn));
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
    fprintf(out, "lowest %08" PRIx64 " by %08" PRIx64 "\n", lowest, lowest_pc);
    for (size_t i = 0; i < n_deepest; i++) {
        fprintf(out, "%08" PRIx64 "\n", deepest[i]);
    }
    if (out != stderr) {
        fclose(out);
    }
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                           int argc, char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "start=", 6) == 0) {
            start_addr = strtoull(argv[i] + 6, NULL, 0) & ~(uint64_t)1;
        } else if (strncmp(argv[i], "stop=", 5) == 0) {
            stop_addr = strtoull(argv[i] + 5, NULL, 0) & ~(uint64_t)1;
        } else if (strncmp(argv[i], "out=", 4) == 0) {
            out_path = argv[i] + 4;
        } else {
            fprintf(stderr, "stack_path: unknown argument %s\n", argv[i]);
            return -1;
        }
    }
    if (!start_addr || !stop_addr) {
        fprintf(stderr, "stack_path: start=ADDRESS and stop=ADDRESS are required\n");
        return -1;
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, on_atexit, NULL);
    return 0;
}
