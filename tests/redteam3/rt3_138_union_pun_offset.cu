// A column offset read through a union's other member: 1.0f's bits
// shifted right by 26 are 15.
// launch: rt3_138_union_pun_offset 2 32x8
union Pun {
    float f;
    int i;
};
static __global__ void rt3_138_union_pun_offset(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    Pun u;
    u.i = 0;
    u.f = 1.0f;
    out[blockIdx.x * 256 + tid] = tile[ty][tx + (u.i >> 26)] + 2 * tile[tx % 16][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_138_union_pun_offset<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
