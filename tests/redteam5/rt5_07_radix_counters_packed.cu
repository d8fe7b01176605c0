// CUB radix-rank style: 16-bit digit counters in a union with the packed
// 32-bit words the raking scan reads (two counters per word). Counters are
// written as shorts, the scan reads the words transposed: a layout change of
// either member breaks the packing the other assumes.
// launch: rt5_07_radix_packed 2 32x8
union RankStorage {
    unsigned short digit_counters[8][32][2];
    unsigned int packed[8][32];
};
__global__ void rt5_07_radix_packed(const int *in, int *out, int p) {
    __shared__ RankStorage storage;
    const int x = threadIdx.x, y = threadIdx.y, tid = y * 32 + x;
    const int v = in[blockIdx.x * 256 + tid];
    storage.digit_counters[y][x][0] = (unsigned short)(v & 0xFF);
    storage.digit_counters[y][x][1] = (unsigned short)((v >> 8) & 0xFF);
    __syncthreads();
    const unsigned int w = storage.packed[x & 7][(y << 2) | (x >> 3)];
    out[blockIdx.x * 256 + tid] = (int)((w & 0xFFFF) * 3 + (w >> 16));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_07_radix_packed<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
