// The P.V half of a flash-attention tile: scores S[16][16] already in shared
// memory, a running max and sum per row (online softmax over two key
// blocks), and the output O[q][d] += P[q][k] * V[k][d] with V staged
// [16][32].
// launch: rt4_43_online_pv 2 32x16
#define BQ 16
#define BKV 16
#define DH 32
__global__ void rt4_43_online_pv(const int *in, int *out, int p) {
    __shared__ float S[BQ][BKV];
    __shared__ float V[BKV][DH];
    const int d = threadIdx.x, q = threadIdx.y;
    float m = -1e30f, l = 0.0f, o = 0.0f;
    for (int blk = 0; blk < 2; ++blk) {
        const int base = blockIdx.x * 1024 + blk * 512;
        if (d < BKV) S[q][d] = (float)(in[(base + q * BKV + d) & 4095] & 31) / 8.0f;
        V[q][d] = (float)(in[(base + 256 + q * DH + d) & 4095] & 15);
        __syncthreads();
        float mb = m;
        for (int k = 0; k < BKV; ++k) mb = max(mb, S[q][k]);
        const float scale = 1.0f / (1.0f + (mb - m));
        l *= scale;
        o *= scale;
        for (int k = 0; k < BKV; ++k) {
            const float pk = 1.0f / (1.0f + (mb - S[q][k]));
            l += pk;
            o += pk * V[k][d];
        }
        m = mb;
        __syncthreads();
    }
    out[blockIdx.x * 512 + q * DH + d] = __float_as_int(o / l);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_43_online_pv<<<2, dim3(DH, BQ)>>>(in, out, 0); }
#endif
