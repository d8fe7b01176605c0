// A ring of stages read through one row view, `int (*rows)[32] = smem[0]`,
// indexed rows[stage * 8 + r]: the row index crosses from stage to stage.
// launch: rt5_16_stage_view 2 32x8
#define STAGES 3
__global__ void rt5_16_stage_view(const int *in, int *out, int p) {
    __shared__ int smem[STAGES][8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int s = 0; s < STAGES; ++s) smem[s][ty][tx] = in[(blockIdx.x * 768 + s * 256 + tid) & 4095] & 1023;
    __syncthreads();
    int (*rows)[32] = smem[0];
    int acc = 0;
    int stage = 0;
    for (int kt = 0; kt < 4; ++kt) {
        acc = acc * 3 + rows[stage * 8 + (tx & 7)][ty * 4 + (tx >> 3)];
        stage = (stage + 1) % STAGES;
    }
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_16_stage_view<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
