// Plain enums name the rows of a small shared table (one row per stage of a
// filter), enum values and thread indices as subscripts; the table is read
// by columns.
// launch: rt5_61_enum_rows 2 32x8
// expect: rewritten
enum Stage { kLoad = 0, kScale = 1, kBias = 2, kOut = 3, kStages = 4 };
static __global__ void rt5_61_enum_rows(const int *in, int *out, int p) {
    __shared__ int table[kStages * 8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    table[kLoad * 8 + ty][tx] = in[(blockIdx.x * 1024 + tid) & 4095] & 255;
    table[kScale * 8 + ty][tx] = in[(blockIdx.x * 1024 + 256 + tid) & 4095] & 255;
    table[kBias * 8 + ty][tx] = in[(blockIdx.x * 1024 + 512 + tid) & 4095] & 255;
    table[kOut * 8 + ty][tx] = 0;
    __syncthreads();
    int acc = 0;
    for (int s = kLoad; s < kOut; ++s) acc = acc * 256 + table[tx][s * 8 + ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_61_enum_rows<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
