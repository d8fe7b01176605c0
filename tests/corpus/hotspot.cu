// rapcc-corpus: shared-arrays=3
// Thermal simulation on a 2-D grid (Rodinia hotspot style): each block loads
// a tile of temperatures and power into shared memory and advances several
// time steps in place, shrinking the valid region by the halo each step
// (pyramid blocking).
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/time.h>
#include <assert.h>
#include <cuda.h>

#ifdef RD_WG_SIZE_0_0
#define BLOCK_SIZE RD_WG_SIZE_0_0
#elif defined(RD_WG_SIZE_0)
#define BLOCK_SIZE RD_WG_SIZE_0
#else
#define BLOCK_SIZE 16
#endif

#define STR_SIZE 256
#define MAX_PD (3.0e6)
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5

const static float t_chip = 0.0005;
const static float chip_height = 0.016;
const static float chip_width = 0.016;
const static float amb_temp = 80.0;

#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define CLAMP_RANGE(x, min, max) x = (x < (min)) ? min : ((x > (max)) ? max : x)
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

void fatal(const char *s) { fprintf(stderr, "error: %s\n", s); }

void writeoutput(float *vect, int grid_rows, int grid_cols, char *file)
{
    int index = 0;
    FILE *fp;
    char str[STR_SIZE];
    if ((fp = fopen(file, "w")) == 0) printf("The file was not opened\n");
    for (int i = 0; i < grid_rows; i++)
        for (int j = 0; j < grid_cols; j++) {
            sprintf(str, "%d\t%g\n", index, vect[i * grid_cols + j]);
            fputs(str, fp);
            index++;
        }
    fclose(fp);
}

void readinput(float *vect, int grid_rows, int grid_cols, char *file)
{
    FILE *fp;
    char str[STR_SIZE];
    float val;
    if ((fp = fopen(file, "r")) == 0) printf("The file was not opened\n");
    for (int i = 0; i <= grid_rows - 1; i++)
        for (int j = 0; j <= grid_cols - 1; j++) {
            fgets(str, STR_SIZE, fp);
            if (feof(fp)) fatal("not enough lines in file");
            if ((sscanf(str, "%f", &val) != 1)) fatal("invalid file format");
            vect[i * grid_cols + j] = val;
        }
    fclose(fp);
}

__global__ void calculate_temp(int iteration, float *power, float *temp_src, float *temp_dst, int grid_cols,
                               int grid_rows, int border_cols, int border_rows, float Cap, float Rx, float Ry,
                               float Rz, float step, float time_elapsed)
{
    __shared__ float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float temp_t[BLOCK_SIZE][BLOCK_SIZE];

    float amb_temp = 80.0;
    float step_div_Cap;
    float Rx_1, Ry_1, Rz_1;

    int bx = blockIdx.x;
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;

    step_div_Cap = step / Cap;
    Rx_1 = 1 / Rx;
    Ry_1 = 1 / Ry;
    Rz_1 = 1 / Rz;

    // Each block finally computes a (BLOCK_SIZE - 2*iteration)^2 region.
    int small_block_rows = BLOCK_SIZE - iteration * 2;
    int small_block_cols = BLOCK_SIZE - iteration * 2;

    int blkY = small_block_rows * by - border_rows;
    int blkX = small_block_cols * bx - border_cols;
    int blkYmax = blkY + BLOCK_SIZE - 1;
    int blkXmax = blkX + BLOCK_SIZE - 1;

    int yidx = blkY + ty;
    int xidx = blkX + tx;

    int loadYidx = yidx, loadXidx = xidx;
    int index = grid_cols * loadYidx + loadXidx;

    if (IN_RANGE(loadYidx, 0, grid_rows - 1) && IN_RANGE(loadXidx, 0, grid_cols - 1)) {
        temp_on_cuda[ty][tx] = temp_src[index];
        power_on_cuda[ty][tx] = power[index];
    }
    __syncthreads();

    int validYmin = (blkY < 0) ? -blkY : 0;
    int validYmax = (blkYmax > grid_rows - 1) ? BLOCK_SIZE - 1 - (blkYmax - grid_rows + 1) : BLOCK_SIZE - 1;
    int validXmin = (blkX < 0) ? -blkX : 0;
    int validXmax = (blkXmax > grid_cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - grid_cols + 1) : BLOCK_SIZE - 1;

    int N = ty - 1;
    int S = ty + 1;
    int W = tx - 1;
    int E = tx + 1;

    N = (N < validYmin) ? validYmin : N;
    S = (S > validYmax) ? validYmax : S;
    W = (W < validXmin) ? validXmin : W;
    E = (E > validXmax) ? validXmax : E;

    bool computed;
    for (int i = 0; i < iteration; i++) {
        computed = false;
        if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && IN_RANGE(ty, i + 1, BLOCK_SIZE - i - 2) &&
            IN_RANGE(tx, validXmin, validXmax) && IN_RANGE(ty, validYmin, validYmax)) {
            computed = true;
            temp_t[ty][tx] = temp_on_cuda[ty][tx] +
                             step_div_Cap * (power_on_cuda[ty][tx] +
                                             (temp_on_cuda[S][tx] + temp_on_cuda[N][tx] - 2.0 * temp_on_cuda[ty][tx]) * Ry_1 +
                                             (temp_on_cuda[ty][E] + temp_on_cuda[ty][W] - 2.0 * temp_on_cuda[ty][tx]) * Rx_1 +
                                             (amb_temp - temp_on_cuda[ty][tx]) * Rz_1);
        }
        __syncthreads();
        if (i == iteration - 1) break;
        if (computed) temp_on_cuda[ty][tx] = temp_t[ty][tx];
        __syncthreads();
    }

    if (computed) temp_dst[index] = temp_t[ty][tx];
}

int compute_tran_temp(float *MatrixPower, float *MatrixTemp[2], int col, int row, int total_iterations,
                      int num_iterations, int blockCols, int blockRows, int borderCols, int borderRows)
{
    dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
    dim3 dimGrid(blockCols, blockRows);

    float grid_height = chip_height / row;
    float grid_width = chip_width / col;

    float Cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * grid_width * grid_height;
    float Rx = grid_width / (2.0 * K_SI * t_chip * grid_height);
    float Ry = grid_height / (2.0 * K_SI * t_chip * grid_width);
    float Rz = t_chip / (K_SI * grid_height * grid_width);

    float max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI);
    float step = PRECISION / max_slope;
    float t;
    float time_elapsed = 0.001;

    int src = 1, dst = 0;
    for (t = 0; t < total_iterations; t += num_iterations) {
        int temp = src;
        src = dst;
        dst = temp;
        calculate_temp<<<dimGrid, dimBlock>>>(MIN(num_iterations, total_iterations - t), MatrixPower, MatrixTemp[src],
                                              MatrixTemp[dst], col, row, borderCols, borderRows, Cap, Rx, Ry, Rz, step,
                                              time_elapsed);
    }
    return dst;
}

void usage(int argc, char **argv)
{
    fprintf(stderr, "Usage: %s <grid_rows/grid_cols> <pyramid_height> <sim_time> <temp_file> <power_file> <output_file>\n",
            argv[0]);
    exit(1);
}

int main(int argc, char **argv)
{
    int size;
    int grid_rows, grid_cols;
    float *FilesavingTemp, *FilesavingPower, *MatrixOut;
    char *tfile, *pfile, *ofile;
    int total_iterations = 60;
    int pyramid_height = 1;

    if (argc != 7) usage(argc, argv);
    if ((grid_rows = atoi(argv[1])) <= 0 || (grid_cols = atoi(argv[1])) <= 0 || (pyramid_height = atoi(argv[2])) <= 0 ||
        (total_iterations = atoi(argv[3])) <= 0)
        usage(argc, argv);
    tfile = argv[4];
    pfile = argv[5];
    ofile = argv[6];
    size = grid_rows * grid_cols;

#define EXPAND_RATE 2
    int borderCols = (pyramid_height)*EXPAND_RATE / 2;
    int borderRows = (pyramid_height)*EXPAND_RATE / 2;
    int smallBlockCol = BLOCK_SIZE - (pyramid_height)*EXPAND_RATE;
    int smallBlockRow = BLOCK_SIZE - (pyramid_height)*EXPAND_RATE;
    int blockCols = grid_cols / smallBlockCol + ((grid_cols % smallBlockCol == 0) ? 0 : 1);
    int blockRows = grid_rows / smallBlockRow + ((grid_rows % smallBlockRow == 0) ? 0 : 1);

    FilesavingTemp = (float *)malloc(size * sizeof(float));
    FilesavingPower = (float *)malloc(size * sizeof(float));
    MatrixOut = (float *)calloc(size, sizeof(float));
    if (!FilesavingPower || !FilesavingTemp || !MatrixOut) fatal("unable to allocate memory");

    printf("pyramidHeight: %d\ngridSize: [%d, %d]\nborder:[%d, %d]\nblockGrid:[%d, %d]\ntargetBlock:[%d, %d]\n",
           pyramid_height, grid_cols, grid_rows, borderCols, borderRows, blockCols, blockRows, smallBlockCol,
           smallBlockRow);

    readinput(FilesavingTemp, grid_rows, grid_cols, tfile);
    readinput(FilesavingPower, grid_rows, grid_cols, pfile);

    float *MatrixTemp[2], *MatrixPower;
    cudaMalloc((void **)&MatrixTemp[0], sizeof(float) * size);
    cudaMalloc((void **)&MatrixTemp[1], sizeof(float) * size);
    cudaMemcpy(MatrixTemp[0], FilesavingTemp, sizeof(float) * size, cudaMemcpyHostToDevice);
    cudaMalloc((void **)&MatrixPower, sizeof(float) * size);
    cudaMemcpy(MatrixPower, FilesavingPower, sizeof(float) * size, cudaMemcpyHostToDevice);

    struct timeval t0, t1;
    gettimeofday(&t0, NULL);
    int ret = compute_tran_temp(MatrixPower, MatrixTemp, grid_cols, grid_rows, total_iterations, pyramid_height,
                                blockCols, blockRows, borderCols, borderRows);
    cudaThreadSynchronize();
    gettimeofday(&t1, NULL);
    printf("Kernel time: %f s\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_usec - t0.tv_usec) / 1e6);

    cudaMemcpy(MatrixOut, MatrixTemp[ret], sizeof(float) * size, cudaMemcpyDeviceToHost);
    writeoutput(MatrixOut, grid_rows, grid_cols, ofile);

    cudaFree(MatrixPower);
    cudaFree(MatrixTemp[0]);
    cudaFree(MatrixTemp[1]);
    free(MatrixOut);
    return 0;
}
