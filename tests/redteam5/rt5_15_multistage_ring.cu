// A multi-stage pipeline ring, smem[stage][..] with stage = (stage + 1) %
// STAGES: each k-step loads a 32x32 tile into the current stage by rows and
// reads it back by columns (32-way).
// launch: rt5_15_ring 2 32x8
// expect: rewritten
#define STAGES 3
static __global__ void rt5_15_ring(const int *in, int *out, int p) {
    __shared__ int smem[STAGES][32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    int stage = 0;
    int acc = 0;
    for (int kt = 0; kt < 4; ++kt) {
#pragma unroll
        for (int k = 0; k < 4; ++k)
            smem[stage][ty + 8 * k][tx] = in[(kt * 1024 + (ty + 8 * k) * 32 + tx + blockIdx.x * 7) & 4095] & 255;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 4; ++k) acc = (acc * 3 + smem[stage][tx][ty + 8 * k]) & 0xFFFFFF;
        stage = (stage + 1) % STAGES;
    }
    out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_15_ring<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
