// A file-local kernel that counts its tile's elements with
// sizeof(tile) / sizeof(tile[0][0]) and walks that many through a flat
// pointer (a checksum), beside an ordinary transposed read.
// launch: rt4_52_sizeof_count 2 32x8
static __global__ void rt4_52_sizeof_count(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    __shared__ int sum;
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int r = ty; r < 32; r += 8) tile[r][tx] = in[(blockIdx.x * 1024 + r * 32 + tx) & 4095] & 255;
    if (tx == 0 && ty == 0) sum = 0;
    __syncthreads();
    if (tx == 0 && ty == 0) {
        const int *f = &tile[0][0];
        int s = 0;
        for (unsigned k = 0; k < sizeof(tile) / sizeof(tile[0][0]); ++k) s += f[k] * (int)(k & 15);
        sum = s;
    }
    __syncthreads();
    out[blockIdx.x * 256 + ty * 32 + tx] = tile[tx][ty] + sum;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_52_sizeof_count<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
